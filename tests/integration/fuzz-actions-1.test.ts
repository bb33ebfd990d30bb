// Shard 1 of the fuzz of every route (fuzz-suite.ts says why it is split).
import { defineFuzzSuite } from "./fuzz-suite";

defineFuzzSuite({ shard: 1, of: 3 });
