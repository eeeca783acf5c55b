package io.modelgraph.codec.synapse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.DataType;

/** Canonical scalars as draft-07 types and formats, with the ledger entry where Synapse says less. */
final class SynapseTypes {

    static void write(DataType.Primitive p, ObjectNode v, LossinessLedger ledger, String path) {
        switch (p.kind()) {
            case STRING -> v.put("type", "string");
            case INTEGER -> v.put("type", "integer");
            case NUMBER -> v.put("type", "number");
            case DECIMAL -> {
                v.put("type", "number");
                ledger.approximate(path, "Synapse numbers are doubles; the exact decimal is written as a number.");
            }
            case BOOLEAN -> v.put("type", "boolean");
            case DATE -> v.put("type", "string").put("format", "date");
            case DATETIME -> v.put("type", "string").put("format", "date-time");
            case TIME -> v.put("type", "string").put("format", "time");
            case URI -> v.put("type", "string").put("format", "uri");
            case UUID -> v.put("type", "string").put("format", "uuid");
            case DURATION -> v.put("type", "string").put("format", "duration");
            case BINARY -> {
                v.put("type", "string");
                ledger.approximate(path, "Synapse annotations hold no binary values; written as a string.");
            }
            case ANY -> {
                // Synapse stores scalars (and lists of them) only: "any value" narrows to the scalar kinds
                v.putArray("anyOf").add(v.objectNode().put("type", "string")).add(v.objectNode().put("type",
                        "number")).add(v.objectNode().put("type", "boolean"));
                ledger.approximate(path, "Synapse annotation values are scalars; a value of any type is written as"
                        + " a string, number or boolean.");
            }
        }
    }

    private SynapseTypes() {
    }
}
