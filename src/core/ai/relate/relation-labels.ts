/** The relationship types ai_relate assigns (seed 002 §5.4 `RelationLabel`). */
export const RELATION_LABELS = ['extends', 'summarizes', 'cites', 'contradicts', 'same_topic', 'precedes', 'depends_on', 'duplicates'] as const;

/** One relationship type. */
export type RelationLabel = (typeof RELATION_LABELS)[number];
