// GET/DELETE /inspect/turns (owner, developer mode): what each model call was sent and what came back.
import { apiRequest } from './api-client.ts';

/** One model call as the inspector recorded it. */
export interface TurnRecord {
  id: string;
  sessionId: string;
  at: string;
  round: number;
  /** The JSON payload as sent (cut when large: `truncated`). */
  payload: string;
  truncated: boolean;
  response?: string;
  error?: string;
}

/** The owner's recent model calls, newest first; 404 while developer mode is off. */
export async function listTurns(): Promise<TurnRecord[]> {
  return (await apiRequest<{ turns: TurnRecord[] }>('/inspect/turns')).turns;
}

/** Forgets the owner's records. */
export async function clearTurns(): Promise<number> {
  return (await apiRequest<{ deleted: number }>('/inspect/turns', { method: 'DELETE' })).deleted;
}
