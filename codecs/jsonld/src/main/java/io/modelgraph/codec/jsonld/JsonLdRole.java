package io.modelgraph.codec.jsonld;

/**
 * What a vocabulary property means to the reader and writer: the closed set of model facts a JSON-LD file can
 * carry (the exchange function's profiles map their {@code MappingTarget}s onto these).
 */
public enum JsonLdRole {
    LABEL, IGNORE, DESCRIPTION, MAPS_TO, MIN_OCCURS, MAX_OCCURS, TERM_CODE, SUBCLASS_OF, DOMAIN_INCLUDES,
    RANGE_INCLUDES
}
