package io.modelgraph.codec;

/** Which way a format is served: read into the canonical model, or written from it. */
public enum Direction {
    DECODE, ENCODE
}
