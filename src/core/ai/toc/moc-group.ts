/**
 * One group of a Map of Content: a key (the tag, folder, property value or topic it stands for),
 * the notes in it, and its title when that is not the model's to choose: the collecting groups
 * ("Untagged", "No status", "Other", which `rank` sends after the others) and topics, which the
 * model titled when it made them.
 */
export interface MocGroup {
  key: string;
  paths: string[];
  title?: string;
  /** 1: the group of notes without a value ("Untagged"); 2: "Other". Absent: an ordinary group. */
  rank?: 1 | 2;
}

/** Title of the group that collects overflow groups and notes no topic took. */
export const OTHER_TITLE = 'Other';
