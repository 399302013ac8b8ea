import { and, eq, sql } from 'drizzle-orm';
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

/** The latest Enrich results per user and CRM lead; each output keeps its latest version. */
export function createEnrichmentRepository(db: Db, clock: Clock) {
  return {
    /** Upsert; `tx` lets the caller commit it together with other writes. */
    async save(userId: string, result: EnrichmentResult, tx: Executor = db): Promise<EnrichmentResult> {
      const now = clock.now();
      const values = {
        userId,
        leadId: result.leadId,
        generator: result.generator,
        linkedinDm: result.linkedin_dm ?? null,
        coldCallScript: result.cold_call_script ?? null,
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
  };
}
