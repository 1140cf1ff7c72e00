// GET/PUT /plugins/concierge/autonomy/:workspace: a hosting workspace's auto-send policy (types from the route's own schema).
import type { AutonomyPolicyInput, AutonomyView } from '../../../plugins/concierge/autonomy/autonomy-wire.ts';
import { apiRequest } from './api-client.ts';

export type { AutonomyPolicyInput, AutonomyView };

export function readAutonomy(workspace: string): Promise<AutonomyView> {
  return apiRequest<AutonomyView>(`/plugins/concierge/autonomy/${encodeURIComponent(workspace)}`);
}

export function saveAutonomy(workspace: string, policy: AutonomyPolicyInput): Promise<AutonomyView> {
  return apiRequest<AutonomyView>(`/plugins/concierge/autonomy/${encodeURIComponent(workspace)}`, {
    method: 'PUT',
    body: policy,
  });
}
