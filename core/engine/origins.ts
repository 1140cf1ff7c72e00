// The surfaces a message can come from; each has a style fragment at prompts/origin/<origin>.md.

export const origins = ['standard', 'matrix', 'voice', 'open_webui'] as const;
export type Origin = (typeof origins)[number];
