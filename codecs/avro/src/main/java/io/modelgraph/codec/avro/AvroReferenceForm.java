package io.modelgraph.codec.avro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The Avro schema a model stands for, as this codec writes it, before the named types are expanded in place: the
 * root in reference form (named types by full name; named types the root does not reach joined to its union),
 * each record, enum and fixed definition by full name (its fields' schemas again in reference form), and the full
 * name the codec gives each model type and value list. What a reader of the model's Avro schema sees, for those
 * that walk it (the compatibility checks) rather than print it. The JSON is the codec's own: read it, never change
 * it.
 *
 * <p>Naming every type and finding the root's reach are read off the model; a definition is written only when first
 * asked for, so a walk that decides most pairs of types without their Avro form (a changed copy of a large model)
 * writes only the few it looks into. Not thread-safe: one form per walk.
 */
public final class AvroReferenceForm {
    private final JsonNode root;
    private final Set<String> definitionNames;
    private final Function<String, ObjectNode> definitions;
    private final Function<String, Set<String>> references;
    private final Map<String, String> typeNames;
    private final Map<String, String> taxonomyNames;
    private final Map<String, TypeDef> typesByFullName;
    private final Map<String, TaxonomyDef> taxonomiesByFullName;

    AvroReferenceForm(JsonNode root, Set<String> definitionNames, Function<String, ObjectNode> definitions,
            Function<String, Set<String>> references, Map<String, String> typeNames,
            Map<String, String> taxonomyNames, Map<String, TypeDef> typesByFullName,
            Map<String, TaxonomyDef> taxonomiesByFullName) {
        this.root = Objects.requireNonNull(root, "root");
        this.definitionNames = definitionNames;
        this.definitions = definitions;
        this.references = references;
        // the encoder's own maps, never changed once named: read-only views rather than copies (a compare builds
        // two forms per direction, each naming every type of a large model)
        this.typeNames = java.util.Collections.unmodifiableMap(typeNames);
        this.taxonomyNames = java.util.Collections.unmodifiableMap(taxonomyNames);
        this.typesByFullName = java.util.Collections.unmodifiableMap(typesByFullName);
        this.taxonomiesByFullName = java.util.Collections.unmodifiableMap(taxonomiesByFullName);
    }

    /** The form the codec writes {@code model} in; what it would record as lost goes nowhere. */
    public static AvroReferenceForm of(SchemaModel model) {
        return new AvroEncoding(Objects.requireNonNull(model, "model"), new LossinessLedger()).referenceForm();
    }

    /** The root schema: a full name, or a union of them. */
    public JsonNode root() {
        return root;
    }

    /** The full name of every record, enum and fixed definition, in model order. */
    public Set<String> definitionNames() {
        return definitionNames;
    }

    /** Every definition by full name, in model order (each written now if not yet). */
    public Map<String, ObjectNode> definitions() {
        Map<String, ObjectNode> all = new LinkedHashMap<>();
        definitionNames.forEach(n -> all.put(n, definitions.apply(n)));
        return java.util.Collections.unmodifiableMap(all);
    }

    /** Model type name to the full name of its record. */
    public Map<String, String> typeNames() {
        return typeNames;
    }

    /** Model value list name to the full name of its enum. */
    public Map<String, String> taxonomyNames() {
        return taxonomyNames;
    }

    /** Full name of a record to the model type written as it (a record that took a fixed type's name included). */
    public Map<String, TypeDef> typesByFullName() {
        return typesByFullName;
    }

    /** Full name of an enum to the model value list written as it. */
    public Map<String, TaxonomyDef> taxonomiesByFullName() {
        return taxonomiesByFullName;
    }

    /** The definition a reference names: a full name, or the model name of a type or value list. */
    public Optional<ObjectNode> definition(String name) {
        return fullName(name).map(definitions);
    }

    /** The definition's full name for a full name or the model name of a type or value list. */
    public Optional<String> fullName(String name) {
        if (definitionNames.contains(name)) {
            return Optional.of(name);
        }
        String full = typeNames.getOrDefault(name, taxonomyNames.get(name));
        return full != null && definitionNames.contains(full) ? Optional.of(full) : Optional.empty();
    }

    /**
     * The full names of the named types the definition of {@code fullName} refers to in its fields' schemas (none
     * for enums and fixed types), without writing the definition.
     */
    public Set<String> references(String fullName) {
        return definitionNames.contains(fullName) ? references.apply(fullName) : Set.of();
    }
}
