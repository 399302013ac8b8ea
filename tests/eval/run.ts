/**
 * The writer's evaluation (issue 25, ADR 0021): extraction precision/recall per field on the dev and
 * held-out sets, and the offline writer's output checked by Harper, the spliced-text patterns, cross-lead
 * sharing, Regenerate difference and the content-preference limits. `npm run eval`; writes results.json.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { extractProfile, profileFromLead } from '../../server/src/features/generation/extract-profile';
import { LIST_FIELDS, SCALAR_FIELDS, asExtracted, scoreExtraction } from './lib/score-extraction';
import { SENDERS, writeAll } from './lib/run-writer';
import { loadSets } from './lib/sets';
import { startEvalLlmWriter } from './lib/llm-writer';
import { crossLeadSharing, limits, lintOutputs, regenerateDifference } from './lib/text-metrics';

const verbose = process.argv.includes('--verbose');
// --writer=llm: the LLM writer (LLM_BASE_URL, else the loopback fake) instead of the offline one; results-llm.json.
const llm = process.argv.includes('--writer=llm') ? await startEvalLlmWriter() : null;
if (llm) console.log(`Writer: LLM, text from ${llm.source}`);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const f2 = (x: number) => x.toFixed(3);

const results: { generatedAt: string; sets: Record<string, unknown> } = { generatedAt: new Date().toISOString(), sets: {} };

// `--set=dev` while working: the held-out set is scored once per round (ADR 0021), not after every change.
const only = process.argv.find((a) => a.startsWith('--set='))?.slice('--set='.length);
// `--only=extraction` scores extraction alone and skips the writer (~9 minutes); results.json is then not written.
const onlyPart = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
if (onlyPart && onlyPart !== 'extraction') throw new Error(`--only=${onlyPart}: only --only=extraction is known`);
const extractionOnly = onlyPart === 'extraction';
for (const set of loadSets().filter((s) => !only || s.name === only)) {
  console.log(`\n=== ${set.name}: ${set.descriptions.length} descriptions, ${set.leads.length} leads ===`);
  const pairs = [
    ...set.descriptions.map((c) => ({ id: c.id, got: asExtracted(extractProfile(c.text)), want: c.expect })),
    ...set.leads.map((c) => ({ id: c.id, got: asExtracted(profileFromLead(c.lead)), want: c.expect })),
  ];
  const extraction = scoreExtraction(pairs);
  const byKind = {
    descriptions: scoreExtraction(pairs.slice(0, set.descriptions.length)).fields,
    leads: scoreExtraction(pairs.slice(set.descriptions.length)).fields,
  };
  console.log('\nExtraction        precision  recall     F1   (descriptions F1 / leads F1)');
  for (const f of [...SCALAR_FIELDS, ...LIST_FIELDS]) {
    const s = extraction.fields[f];
    console.log(
      `  ${f.padEnd(16)} ${f2(s.precision).padStart(9)} ${f2(s.recall).padStart(7)} ${f2(s.f1).padStart(6)}   (${f2(byKind.descriptions[f].f1)} / ${f2(byKind.leads[f].f1)})`,
    );
  }
  if (verbose)
    for (const m of extraction.misses)
      console.log(`    miss ${m.id} ${m.field}: got ${JSON.stringify(m.got)} want ${JSON.stringify(m.want)}`);
  if (extractionOnly) continue;

  const started = Date.now();
  // EVAL_SENDERS=id,id narrows the run while working on the writer; the reported figures use all senders.
  const senders = process.env.EVAL_SENDERS ? SENDERS.filter((s) => process.env.EVAL_SENDERS!.split(',').includes(s.id)) : SENDERS;
  const outputs = await writeAll(set, senders, [0, 1], llm?.generator);
  const { harper, patterns } = await lintOutputs(outputs);
  const sharing = crossLeadSharing(outputs);
  const regen = regenerateDifference(outputs);
  const lim = limits(outputs, senders);
  console.log(
    `\nWriter (${llm ? 'llm' : 'offline'}): ${outputs.length} outputs, ${senders.length} senders × variants 0 and 1, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (llm) {
    console.log(`  Refused by the checks        ${String(llm.refused.length).padStart(6)}   (answers a user would have had refunded)`);
    for (const why of llm.refused.splice(0).slice(0, verbose ? 20 : 3)) console.log(`    ${why}`);
  }
  const spanish = outputs.filter((o) => o.language === 'es').length;
  console.log(`  Written in Spanish           ${String(spanish).padStart(6)}   (Harper reads English: these get the patterns only)`);
  console.log(`  Harper lints                 ${String(harper.length).padStart(6)}   (target 0)`);
  console.log(`  Pattern hits                 ${String(patterns.length).padStart(6)}   (target 0)`);
  console.log(
    `  Cross-lead sharing, max      ${pct(sharing.max).padStart(6)}   (target ≤ 30%; mean ${pct(sharing.mean)} over ${sharing.pairs} pairs)`,
  );
  console.log(`  Regenerate difference, mean  ${pct(regen.mean).padStart(6)}   (target > 50%; lowest ${pct(regen.min)})`);
  console.log(`  Word limit kept              ${`${lim.wordLimit.within}/${lim.wordLimit.messages}`.padStart(6)}`);
  console.log(`  Connection note ≤ 300 chars  ${`${lim.connectionNote.within}/${lim.connectionNote.notes}`.padStart(6)}`);
  const show = (list: typeof harper) => {
    const byRule = new Map<string, number>();
    for (const f of list) byRule.set(f.problem.rule, (byRule.get(f.problem.rule) ?? 0) + 1);
    for (const [rule, n] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`    ${rule}: ${n}`);
    for (const f of list.slice(0, verbose ? 60 : 8))
      console.log(`    ${f.where}: ${f.problem.rule} "${f.problem.excerpt}" — ${f.problem.message}`);
  };
  if (process.env.EVAL_DUMP)
    writeFileSync(
      `${process.env.EVAL_DUMP}.${set.name}.txt`,
      [...harper, ...patterns]
        .map((f) => `${f.where}\t${f.problem.rule}\t${f.problem.excerpt}\t${f.problem.message}\n  ${f.text.replace(/\n/g, ' / ')}`)
        .join('\n'),
    );
  if (harper.length) show(harper);
  if (patterns.length) show(patterns);
  if (sharing.worst && sharing.max > 0.3)
    console.log(`    most shared: ${sharing.worst.a} / ${sharing.worst.b}:`, sharing.worst.shared.slice(0, 5));

  results.sets[set.name] = {
    scoredAt: new Date().toISOString(),
    descriptions: set.descriptions.length,
    leads: set.leads.length,
    extraction: extraction.fields,
    extractionByKind: byKind,
    writer: {
      outputs: outputs.length,
      outputsInSpanish: spanish,
      harperLints: harper.length,
      patternHits: patterns.length,
      crossLeadSharing: { max: sharing.max, mean: sharing.mean, pairs: sharing.pairs },
      regenerateDifference: regen,
      wordLimit: lim.wordLimit,
      connectionNote: lim.connectionNote,
      ...(llm ? { refusedByChecks: llm.refused.length } : {}),
      problems: [...harper, ...patterns].slice(0, 50).map((f) => ({ where: f.where, rule: f.problem.rule, excerpt: f.problem.excerpt })),
    },
  };
}

const resultsFile = path.join(import.meta.dirname, llm ? 'results-llm.json' : 'results.json');
// --only=extraction prints only. A --set run replaces that set's figures and keeps the other set's, each
// with the time it was scored: the held-out set is scored in two minutes, the whole dev set in over thirty.
if (!extractionOnly) {
  const previous = only && existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as typeof results) : undefined;
  const merged = { ...results, sets: { ...previous?.sets, ...results.sets } };
  writeFileSync(resultsFile, `${JSON.stringify(merged, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(process.cwd(), resultsFile)}`);
}
await llm?.close();
