/** Options of `createEl`, as Obsidian's `DomElementInfo` (the parts the plugin uses). */
export interface ElementInfo {
  cls?: string | string[];
  text?: string;
  attr?: Record<string, string | number | boolean | null>;
  title?: string;
  type?: string;
  value?: string;
  placeholder?: string;
}

/** The part of a DOM event the fake delivers. */
export interface FakeEvent {
  type: string;
  target: FakeElement;
  defaultPrevented: boolean;
  preventDefault(): void;
}

/**
 * A small element tree standing in for the DOM the settings tab renders into, with the helpers
 * Obsidian adds to `HTMLElement` (`createEl`, `createDiv`, `setText`, `empty`, `addClass`…) and
 * enough of the element itself (`textContent`, attributes, `value`, click listeners) for tests
 * to find rows, buttons, toggles and inputs and to use them.
 */
export class FakeElement {
  readonly children: FakeElement[] = [];
  parent: FakeElement | null = null;
  readonly classList = new Set<string>();
  readonly attributes = new Map<string, string>();
  /** What an `<input>` or `<select>` holds. */
  value = '';
  type = '';
  placeholder = '';
  disabled = false;
  /** What the element is part of, for test queries (a `Setting`, a component). */
  owner: unknown = null;
  private ownText = '';
  private readonly listeners = new Map<string, ((event: FakeEvent) => unknown)[]>();

  constructor(readonly tagName: string) {}

  get textContent(): string {
    return this.ownText + this.children.map((child) => child.textContent).join('');
  }

  set textContent(text: string) {
    this.setText(text);
  }

  createEl(tag: string, info?: ElementInfo | string, callback?: (element: FakeElement) => void): FakeElement {
    return this.createChild(tag, info, callback);
  }

  createDiv(info?: ElementInfo | string, callback?: (element: FakeElement) => void): FakeElement {
    return this.createChild('div', info, callback);
  }

  createSpan(info?: ElementInfo | string, callback?: (element: FakeElement) => void): FakeElement {
    return this.createChild('span', info, callback);
  }

  appendChild(child: FakeElement): FakeElement {
    child.detach();
    child.parent = this;
    this.children.push(child);
    return child;
  }

  detach(): void {
    if (this.parent === null) return;
    this.parent.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }

  empty(): void {
    for (const child of [...this.children]) child.detach();
    this.ownText = '';
  }

  setText(text: string): void {
    this.empty();
    this.ownText = text;
  }

  addClass(...classes: string[]): void {
    for (const cls of classes.flatMap((name) => name.split(/\s+/))) if (cls !== '') this.classList.add(cls);
  }

  removeClass(...classes: string[]): void {
    for (const cls of classes) this.classList.delete(cls);
  }

  hasClass(cls: string): boolean {
    return this.classList.has(cls);
  }

  toggleClass(cls: string, on: boolean): void {
    if (on) this.classList.add(cls);
    else this.classList.delete(cls);
  }

  setAttr(name: string, value: string | number | boolean | null): void {
    if (value === null) this.attributes.delete(name);
    else this.attributes.set(name, String(value));
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }

  addEventListener(type: string, listener: (event: FakeEvent) => unknown): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  removeEventListener(type: string, listener: (event: FakeEvent) => unknown): void {
    this.listeners.set(type, (this.listeners.get(type) ?? []).filter((candidate) => candidate !== listener));
  }

  /** Test helper: delivers an event to this element's listeners (no bubbling); true when one called `preventDefault()`. */
  dispatch(type: string): boolean {
    const event = { type, target: this, defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) };
    for (const listener of [...(this.listeners.get(type) ?? [])]) void listener(event);
    return event.defaultPrevented;
  }

  private createChild(tag: string, info: ElementInfo | string | undefined, callback: ((element: FakeElement) => void) | undefined): FakeElement {
    const element = new FakeElement(tag);
    applyInfo(element, typeof info === 'string' ? { cls: info } : (info ?? {}));
    this.appendChild(element);
    callback?.(element);
    return element;
  }

  /** Every element below this one (itself included), depth first. */
  descendants(): FakeElement[] {
    return [this, ...this.children.flatMap((child) => child.descendants())];
  }
}

function applyInfo(element: FakeElement, info: ElementInfo): void {
  const classes = info.cls === undefined ? [] : Array.isArray(info.cls) ? info.cls : [info.cls];
  element.addClass(...classes);
  if (info.text !== undefined) element.setText(info.text);
  for (const [name, value] of Object.entries(info.attr ?? {})) element.setAttr(name, value);
  if (info.title !== undefined) element.setAttr('title', info.title);
  if (info.type !== undefined) element.type = info.type;
  if (info.value !== undefined) element.value = info.value;
  if (info.placeholder !== undefined) element.placeholder = info.placeholder;
}
