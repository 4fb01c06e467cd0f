// Listed first in this tsconfig: Node's `process` must be declared before the workers types
// (reached through @mailroom/config) declare `process: any`.
/// <reference types="node" />
