// The autonomy policy: which drafted replies may go to a guest without the owner. Today none may.

/** What a drafted reply carries for the policy (the category and confidence are reserved for later allow-lists). */
export interface DraftSignal {
  workspace: string;
  category?: string;
  confidence?: number;
}

/** Whether a draft may be sent without the owner's approval; always false (an empty allow-list), as designed. */
export function autonomousOk(_draft: DraftSignal): boolean {
  return false;
}
