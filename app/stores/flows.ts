/**
 * Where multi-step proofs live while a visitor walks through them: sign-up
 * drafts, password recovery (and its grant), phone sign-in, Google sign-in. Each
 * is found by a keyed hash of the random id its cookie holds, belongs to one
 * browser (a keyed hash of its `__bid`), and expires in the store
 * (auth/flow.server.ts holds the rules). `data` is opaque to the store.
 */
export type FlowKind = "signup" | "recovery" | "phoneLogin" | "google" | "phoneChange";

export interface NewFlow {
  kind: FlowKind;
  idHash: string;
  browserHash: string;
  data: string;
  now: number;
  expiresAt: number;
}

export interface FlowStore {
  create(flow: NewFlow): Promise<void>;
  /** The flow's data, when it exists, belongs to this browser and has not expired. */
  find(kind: FlowKind, idHash: string, browserHash: string, now: number): Promise<string | null>;
  /** Replaces the data and the expiry; false when the flow is gone. */
  update(kind: FlowKind, idHash: string, data: string, expiresAt: number): Promise<boolean>;
  /** Reads and deletes as one step: of two `take`s of the same flow, one gets it and the other null. */
  take(kind: FlowKind, idHash: string, browserHash: string, now: number): Promise<string | null>;
  remove(kind: FlowKind, idHash: string): Promise<void>;
  /** Deletes expired flows; resolves with how many. */
  prune(now: number): Promise<number>;
}
