// "Did this code work?" from the web app: the subscriber's own vote document (model/votes.ts), written with the
// fields firestore.rules require. The counts on the deal are the trigger's; the app never writes them.
import { doc, serverTimestamp, setDoc, type FieldValue, type Firestore } from 'firebase/firestore/lite';
import { dealVoteDocPath, type VoteDoc } from '@bargains/model/votes';

/** Casts or changes the user's vote on the deal's current code. */
export async function writeDealVote(
  db: Firestore,
  uid: string,
  deal: { id: string; code: string },
  worked: boolean,
): Promise<void> {
  const vote: VoteDoc<FieldValue> = { worked, code: deal.code, uid, voted_at: serverTimestamp() };
  await setDoc(doc(db, dealVoteDocPath(deal.id, uid)), vote);
}
