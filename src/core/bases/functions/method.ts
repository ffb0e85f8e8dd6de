import type { BaseValue } from '../values/base-value';
import type { Invocation } from './invocation';

/** The value of one kind (`ValueOf<'string'>` is a string value). */
export type ValueOf<Kind extends BaseValue['kind']> = Extract<BaseValue, { kind: Kind }>;

/** A method: the receiver (`"abc"` in `"abc".lower()`) and the call. */
export type Method<Receiver extends BaseValue = BaseValue> = (receiver: Receiver, call: Invocation) => BaseValue;

/** The methods of one type, by name. */
export type MethodTable<Receiver extends BaseValue = BaseValue> = Readonly<Record<string, Method<Receiver>>>;
