package io.modelgraph.codec.odcs;

import io.modelgraph.schema.ExtensionKey;
import java.util.List;

/** The keys {@link OdcsDecoding} keeps so a contract re-exports whole, as typed keys declared by the provider. */
final class OdcsKeys {
    private static final String FORMAT = "odcs";

    static List<ExtensionKey<?>> declared() {
        return List.of(
                ExtensionKey.json(FORMAT, fact(OdcsDecoding.HEADER), "the contract's top-level members but schema"),
                ExtensionKey.json(FORMAT, fact(OdcsDecoding.EXTRA), "members of an object, property or"
                        + " relationship the model has no field for"),
                ExtensionKey.flag(FORMAT, fact(OdcsDecoding.NESTED), "a nested object given a type of its own"),
                ExtensionKey.json(FORMAT, fact(OdcsDecoding.ITEMS), "an array's items members the element cannot"
                        + " say"),
                ExtensionKey.flag(FORMAT, fact(OdcsDecoding.REQUIRED), "a required array property"),
                ExtensionKey.text(FORMAT, fact(OdcsDecoding.LOGICAL_TYPE), "a property's logicalType when the"
                        + " element's type does not say it"),
                ExtensionKey.text(FORMAT, fact(OdcsDecoding.LEVEL), "where a relationship was declared (schema or"
                        + " property)"),
                ExtensionKey.json(FORMAT, fact(OdcsDecoding.OPTIONS), "logicalTypeOptions the constraints cannot"
                        + " say"),
                ExtensionKey.flag(FORMAT, fact(OdcsDecoding.UNPOSITIONED), "a primary-key property with no"
                        + " position"));
    }

    private static String fact(String key) {
        return key.substring(FORMAT.length() + 1);
    }

    private OdcsKeys() {
    }
}
