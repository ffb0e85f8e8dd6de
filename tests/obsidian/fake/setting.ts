import { FakeElement } from './fake-element';

/** Obsidian's `BaseComponent`; `then`: obsidian.d.ts BaseComponent.then: "Facilitates chaining" */
export class BaseComponent {
  disabled = false;

  setDisabled(disabled: boolean): this {
    this.disabled = disabled;
    return this;
  }

  then(callback: (component: this) => unknown): this {
    callback(this);
    return this;
  }
}

/** Obsidian's `ButtonComponent`; `click()` is the test's finger. */
export class ButtonComponent extends BaseComponent {
  readonly buttonEl: FakeElement;
  private handler: (() => unknown) | null = null;

  constructor(container: FakeElement) {
    super();
    this.buttonEl = container.createEl('button');
    this.buttonEl.owner = this;
  }

  setButtonText(text: string): this {
    this.buttonEl.setText(text);
    return this;
  }

  setCta(): this {
    this.buttonEl.addClass('mod-cta');
    return this;
  }

  setWarning(): this {
    this.buttonEl.addClass('mod-warning');
    return this;
  }

  setDestructive(): this {
    this.buttonEl.addClass('mod-destructive');
    return this;
  }

  setIcon(icon: string): this {
    this.buttonEl.setAttr('data-icon', icon);
    return this;
  }

  setTooltip(tooltip: string): this {
    this.buttonEl.setAttr('aria-label', tooltip);
    return this;
  }

  setClass(cls: string): this {
    this.buttonEl.addClass(cls);
    return this;
  }

  onClick(handler: () => unknown): this {
    this.handler = handler;
    return this;
  }

  /** Test helper: clicks the button (nothing happens while it is disabled). */
  click(): void {
    if (!this.disabled) void this.handler?.();
  }
}

/** Obsidian's `ExtraButtonComponent` (an icon button). */
export class ExtraButtonComponent extends ButtonComponent {}

/** A component holding a value, with an `onChange` callback the user's input fires. */
class InputComponent<T> extends BaseComponent {
  protected value: T;
  private changed: ((value: T) => unknown) | null = null;

  constructor(initial: T) {
    super();
    this.value = initial;
  }

  getValue(): T {
    return this.value;
  }

  /** Sets the value without firing `onChange` (ASSUMED, docs silent: the app's text inputs behave so). */
  setValue(value: T): this {
    this.value = value;
    return this;
  }

  onChange(callback: (value: T) => unknown): this {
    this.changed = callback;
    return this;
  }

  /** Test helper: the user changes the value (ignored while disabled: ASSUMED, a disabled control takes no input). */
  input(value: T): void {
    if (this.disabled) return;
    this.value = value;
    void this.changed?.(value);
  }
}

/** Obsidian's `ToggleComponent`. */
export class ToggleComponent extends InputComponent<boolean> {
  readonly toggleEl: FakeElement;

  constructor(container: FakeElement) {
    super(false);
    this.toggleEl = container.createDiv('checkbox-container');
    this.toggleEl.owner = this;
  }
}

/** Obsidian's `TextComponent` (also `TextAreaComponent` with a textarea). */
export class TextComponent extends InputComponent<string> {
  readonly inputEl: FakeElement;

  constructor(container: FakeElement, tag = 'input') {
    super('');
    this.inputEl = container.createEl(tag, { type: 'text' });
    this.inputEl.owner = this;
  }

  override setValue(value: string): this {
    this.inputEl.value = value;
    return super.setValue(value);
  }

  setPlaceholder(placeholder: string): this {
    this.inputEl.placeholder = placeholder;
    return this;
  }

  override setDisabled(disabled: boolean): this {
    this.inputEl.disabled = disabled;
    return super.setDisabled(disabled);
  }
}

/** Obsidian's `TextAreaComponent`. */
export class TextAreaComponent extends TextComponent {
  constructor(container: FakeElement) {
    super(container, 'textarea');
  }
}

/**
 * Obsidian's `DropdownComponent`; `input(value)` refuses values that are no option. ASSUMED (docs
 * silent): the first option added is the value until another is set, as in an HTML `<select>`.
 */
export class DropdownComponent extends InputComponent<string> {
  readonly selectEl: FakeElement;
  readonly options = new Map<string, string>();

  constructor(container: FakeElement) {
    super('');
    this.selectEl = container.createEl('select');
    this.selectEl.owner = this;
  }

  addOption(value: string, display: string): this {
    this.options.set(value, display);
    this.selectEl.createEl('option', { text: display, value });
    if (this.options.size === 1) this.value = value;
    return this;
  }

  addOptions(options: Record<string, string>): this {
    for (const [value, display] of Object.entries(options)) this.addOption(value, display);
    return this;
  }

  override input(value: string): void {
    if (!this.options.has(value)) throw new Error(`fake obsidian: "${value}" is not an option of this dropdown`);
    super.input(value);
  }
}

/** Obsidian's `ProgressBarComponent`. */
export class ProgressBarComponent extends BaseComponent {
  private value = 0;

  constructor(readonly progressBar: FakeElement) {
    super();
  }

  getValue(): number {
    return this.value;
  }

  setValue(value: number): this {
    this.value = value;
    return this;
  }
}

/** Obsidian's `Setting`: one row with a name, a description and controls. */
export class Setting {
  readonly settingEl: FakeElement;
  readonly infoEl: FakeElement;
  readonly nameEl: FakeElement;
  readonly descEl: FakeElement;
  readonly controlEl: FakeElement;
  readonly components: BaseComponent[] = [];
  isHeading = false;

  constructor(container: FakeElement) {
    this.settingEl = container.createDiv('setting-item');
    this.settingEl.owner = this;
    this.infoEl = this.settingEl.createDiv('setting-item-info');
    this.nameEl = this.infoEl.createDiv('setting-item-name');
    this.descEl = this.infoEl.createDiv('setting-item-description');
    this.controlEl = this.settingEl.createDiv('setting-item-control');
  }

  setName(name: string): this {
    this.nameEl.setText(name);
    return this;
  }

  setDesc(desc: string): this {
    this.descEl.setText(desc);
    return this;
  }

  setClass(cls: string): this {
    this.settingEl.addClass(cls);
    return this;
  }

  setTooltip(tooltip: string): this {
    this.nameEl.setAttr('aria-label', tooltip);
    return this;
  }

  setHeading(): this {
    this.isHeading = true;
    this.settingEl.addClass('setting-item-heading');
    return this;
  }

  setDisabled(disabled: boolean): this {
    for (const component of this.components) component.setDisabled(disabled);
    return this;
  }

  addButton(callback: (component: ButtonComponent) => unknown): this {
    return this.add(new ButtonComponent(this.controlEl), callback);
  }

  addExtraButton(callback: (component: ExtraButtonComponent) => unknown): this {
    return this.add(new ExtraButtonComponent(this.controlEl), callback);
  }

  addToggle(callback: (component: ToggleComponent) => unknown): this {
    return this.add(new ToggleComponent(this.controlEl), callback);
  }

  addText(callback: (component: TextComponent) => unknown): this {
    return this.add(new TextComponent(this.controlEl), callback);
  }

  addTextArea(callback: (component: TextAreaComponent) => unknown): this {
    return this.add(new TextAreaComponent(this.controlEl), callback);
  }

  addDropdown(callback: (component: DropdownComponent) => unknown): this {
    return this.add(new DropdownComponent(this.controlEl), callback);
  }

  addProgressBar(callback: (component: ProgressBarComponent) => unknown): this {
    return this.add(new ProgressBarComponent(this.controlEl.createDiv('setting-progress-bar')), callback);
  }

  then(callback: (setting: this) => unknown): this {
    callback(this);
    return this;
  }

  clear(): this {
    this.controlEl.empty();
    this.components.length = 0;
    return this;
  }

  private add<T extends BaseComponent>(component: T, callback: (component: T) => unknown): this {
    this.components.push(component);
    callback(component);
    return this;
  }
}
