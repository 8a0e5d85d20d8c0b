import { v7 as uuidv7 } from 'uuid';

/** A new time-ordered UUID (v7): ids sort by creation time, which keeps indexes compact. */
export function newId(): string {
  return uuidv7();
}
