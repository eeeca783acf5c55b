package io.modelgraph.codec.avro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The Avro schema a model stands for, as this codec writes it, before the named types are expanded in place: the
 * root in reference form (named types by full name; named types the root does not reach joined to its union),
 * each record, enum and fixed definition once by full name (its fields' schemas again in reference form), and
 * the full name the codec gives each model type and value list. What a reader of the model's Avro schema sees,
 * for those that walk it (the compatibility checks) rather than print it. The JSON is the codec's own: read it,
 * never change it.
 *
 * @param root          the root schema: a full name, or a union of them
 * @param definitions   record, enum and fixed definitions by full name, in model order
 * @param typeNames     model type name to the full name of its record
 * @param taxonomyNames model value list name to the full name of its enum
 */
public record AvroReferenceForm(JsonNode root, Map<String, ObjectNode> definitions, Map<String, String> typeNames,
        Map<String, String> taxonomyNames) {
    public AvroReferenceForm {
        Objects.requireNonNull(root, "root");
        definitions = java.util.Collections.unmodifiableMap(definitions);
        typeNames = Map.copyOf(typeNames);
        taxonomyNames = Map.copyOf(taxonomyNames);
    }

    /** The form the codec writes {@code model} in; what it would record as lost goes nowhere. */
    public static AvroReferenceForm of(SchemaModel model) {
        return new AvroEncoding(Objects.requireNonNull(model, "model"), new LossinessLedger()).referenceForm();
    }

    /** The definition a reference names: a full name, or the model name of a type or value list. */
    public Optional<ObjectNode> definition(String name) {
        ObjectNode d = definitions.get(name);
        if (d == null) {
            String full = typeNames.getOrDefault(name, taxonomyNames.get(name));
            d = full == null ? null : definitions.get(full);
        }
        return Optional.ofNullable(d);
    }
}
