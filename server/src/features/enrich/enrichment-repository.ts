import { and, eq, sql } from 'drizzle-orm';
import type { EnrichOutput } from '@shared/constants';
import type { EnrichmentResult } from '@shared/schemas/enrich';
import type { GeneratorKind } from '@shared/schemas/icebreak';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/database';
import { leadEnrichments } from '../../db/schema';

type Row = typeof leadEnrichments.$inferSelect;

function toResult(row: Row): EnrichmentResult {
  return {
    leadId: row.leadId,
    generator: row.generator as GeneratorKind,
    createdAt: row.updatedAt.toISOString(),
    ...(row.linkedinDm ? { linkedin_dm: row.linkedinDm } : {}),
    ...(row.coldCallScript ? { cold_call_script: row.coldCallScript } : {}),
  };
}

/** What a stored output was written from (docs/decisions/0012-charged-once-per-answer.md): its input digest and Regenerate variant. */
export type OutputInputs = Partial<Record<EnrichOutput, { inputHash: string; variant: number }>>;

function inputsOf(row: Row): OutputInputs {
  const out: OutputInputs = {};
  if (row.linkedinDm && row.linkedinDmInputHash) out.linkedin_dm = { inputHash: row.linkedinDmInputHash, variant: row.linkedinDmVariant };
  if (row.coldCallScript && row.coldCallScriptInputHash)
    out.cold_call_script = { inputHash: row.coldCallScriptInputHash, variant: row.coldCallScriptVariant };
  return out;
}

/** The latest Enrich results per user and CRM lead; each output keeps its latest version. */
export function createEnrichmentRepository(db: Db, clock: Clock) {
  return {
    /** Upsert; `tx` lets the caller commit it together with other writes. */
    async save(userId: string, result: EnrichmentResult, inputs: OutputInputs = {}, tx: Executor = db): Promise<EnrichmentResult> {
      const now = clock.now();
      const values = {
        userId,
        leadId: result.leadId,
        generator: result.generator,
        linkedinDm: result.linkedin_dm ?? null,
        coldCallScript: result.cold_call_script ?? null,
        linkedinDmInputHash: result.linkedin_dm ? (inputs.linkedin_dm?.inputHash ?? null) : null,
        linkedinDmVariant: inputs.linkedin_dm?.variant ?? 0,
        coldCallScriptInputHash: result.cold_call_script ? (inputs.cold_call_script?.inputHash ?? null) : null,
        coldCallScriptVariant: inputs.cold_call_script?.variant ?? 0,
        createdAt: now,
        updatedAt: now,
      };
      const [row] = await tx
        .insert(leadEnrichments)
        .values(values)
        .onConflictDoUpdate({
          target: [leadEnrichments.userId, leadEnrichments.leadId],
          set: {
            generator: values.generator,
            // An output not asked for this time keeps its previous result.
            linkedinDm: sql`coalesce(excluded.linkedin_dm, ${leadEnrichments.linkedinDm})`,
            coldCallScript: sql`coalesce(excluded.cold_call_script, ${leadEnrichments.coldCallScript})`,
            // Each output keeps the input digest and variant it was written from.
            linkedinDmInputHash: sql`case when excluded.linkedin_dm is null then ${leadEnrichments.linkedinDmInputHash} else excluded.linkedin_dm_input_hash end`,
            linkedinDmVariant: sql`case when excluded.linkedin_dm is null then ${leadEnrichments.linkedinDmVariant} else excluded.linkedin_dm_variant end`,
            coldCallScriptInputHash: sql`case when excluded.cold_call_script is null then ${leadEnrichments.coldCallScriptInputHash} else excluded.cold_call_script_input_hash end`,
            coldCallScriptVariant: sql`case when excluded.cold_call_script is null then ${leadEnrichments.coldCallScriptVariant} else excluded.cold_call_script_variant end`,
            updatedAt: now,
          },
        })
        .returning();
      return toResult(row!);
    },

    async get(userId: string, leadId: string): Promise<EnrichmentResult | undefined> {
      const [row] = await db
        .select()
        .from(leadEnrichments)
        .where(and(eq(leadEnrichments.userId, userId), eq(leadEnrichments.leadId, leadId)));
      return row ? toResult(row) : undefined;
    },

    /** The stored result with what each output was written from. */
    async getWithInputs(userId: string, leadId: string): Promise<{ result: EnrichmentResult; inputs: OutputInputs } | undefined> {
      const [row] = await db
        .select()
        .from(leadEnrichments)
        .where(and(eq(leadEnrichments.userId, userId), eq(leadEnrichments.leadId, leadId)));
      return row ? { result: toResult(row), inputs: inputsOf(row) } : undefined;
    },
  };
}

export type EnrichmentRepository = ReturnType<typeof createEnrichmentRepository>;
