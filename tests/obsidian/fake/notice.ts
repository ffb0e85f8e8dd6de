import { FakeElement } from './fake-element';

/** Every notice shown since the last `clearNotices()`, oldest first. */
export const shownNotices: { message: string; duration: number | undefined }[] = [];

/** Test helper: forgets the notices shown so far. */
export function clearNotices(): void {
  shownNotices.length = 0;
}

/**
 * Obsidian's `Notice`: a toast message; the fake records it with its duration and never hides it
 * by itself. Text only: a `DocumentFragment` message is refused loudly (not emulated).
 */
export class Notice {
  readonly noticeEl = new FakeElement('div');
  readonly containerEl = new FakeElement('div');
  readonly messageEl: FakeElement;

  constructor(message: string, duration?: number) {
    if (typeof message !== 'string') throw new Error('fake obsidian: only text notices are emulated');
    this.messageEl = this.noticeEl.createDiv({ cls: 'notice-message', text: message });
    shownNotices.push({ message, duration });
  }

  /** obsidian.d.ts Notice.setMessage: "Change the message of this notice." */
  setMessage(message: string): this {
    this.messageEl.setText(message);
    return this;
  }

  hide(): void {
    this.noticeEl.detach();
  }
}
