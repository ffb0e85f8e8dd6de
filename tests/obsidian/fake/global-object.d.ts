/** The global object of the running test (jest's sandbox). */
declare function globalObject(): Record<string, unknown>;
export = globalObject;
