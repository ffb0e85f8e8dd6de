/** The action-items schema of seed 002 §11.8. */
export const ACTION_ITEMS = {
  type: 'array',
  items: {
    type: 'object',
    required: ['task', 'owner'],
    properties: {
      task: { type: 'string', minLength: 3 },
      owner: { type: 'string' },
      due_date: { type: 'string', format: 'date' },
      blocked_by: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  },
};
