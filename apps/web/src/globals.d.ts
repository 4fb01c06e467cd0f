// Listed first in tsconfig "include": Node's `process` must be declared before the API package's
// workers types declare `process: any`, or every `process.env` read here is untyped.
/// <reference types="node" />
/// <reference types="next" />
