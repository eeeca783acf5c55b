package io.modelgraph.codec.jtd;

import com.fasterxml.jackson.databind.JsonNode;

/** The eight forms of a JTD schema (RFC 8927 section 2.2); a valid schema has exactly one. */
enum Form {
    EMPTY, REF, TYPE, ENUM, ELEMENTS, PROPERTIES, VALUES, DISCRIMINATOR;

    /** The form of a schema that {@link JtdCheck} accepted. */
    static Form of(JsonNode schema) {
        if (schema.has("ref")) {
            return REF;
        }
        if (schema.has("type")) {
            return TYPE;
        }
        if (schema.has("enum")) {
            return ENUM;
        }
        if (schema.has("elements")) {
            return ELEMENTS;
        }
        if (schema.has("properties") || schema.has("optionalProperties")) {
            return PROPERTIES;
        }
        if (schema.has("values")) {
            return VALUES;
        }
        if (schema.has("discriminator")) {
            return DISCRIMINATOR;
        }
        return EMPTY;
    }
}
