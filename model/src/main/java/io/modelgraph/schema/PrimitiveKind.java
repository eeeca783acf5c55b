package io.modelgraph.schema;

/**
 * The scalar types every format maps onto. A codec keeps the format's own spelling in
 * {@link DataType.Primitive#nativeName()} so a round trip to the same format can restore it.
 */
public enum PrimitiveKind {
    STRING, INTEGER, NUMBER, DECIMAL, BOOLEAN, DATE, DATETIME, TIME, DURATION, BINARY, URI, UUID, ANY
}
