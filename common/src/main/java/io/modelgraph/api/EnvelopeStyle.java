package io.modelgraph.api;

/** Which envelope a route answers in, for success and failure alike. */
public enum EnvelopeStyle {
    /** {@code success}, {@code error{isFatal,message}}, {@code data}: the /v1 routes. */
    V1,
    /** {@code success}, {@code lossiness}, {@code errors[{path,message}]} and a payload key: /graph routes. */
    TRANSFORM
}
