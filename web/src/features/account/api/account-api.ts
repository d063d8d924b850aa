// POST /delete_account through the shared API client; its answer is validated like every response.
import { z } from 'zod';
import { callFunction } from '@/lib/api-client';

const deletedSchema = z.object({ deleted: z.literal(true) });

/** POST /delete_account {userId}: cancels billing and deletes the Auth user and its data. */
export async function deleteAccount(userId: string): Promise<void> {
  await callFunction('/delete_account', {
    method: 'POST',
    body: { userId },
    parse: (data) => deletedSchema.parse(data),
  });
}
