package io.modelgraph.transform.plan;

import io.modelgraph.schema.DataType;
import io.modelgraph.schema.PrimitiveKind;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The data-type descriptor of {@code setDataType} and of the explicit guide's {@code dataTypes}: a
 * primitive kind in lower case ({@code string}, {@code integer}, ... {@code any}), {@code type:<TypeName>}
 * or {@code taxonomy:<TaxonomyName>}.
 */
public final class DataTypeSpec {
    public static final String TYPE_PREFIX = "type:";
    public static final String TAXONOMY_PREFIX = "taxonomy:";

    /** The descriptor's data type, or empty when the text is not a descriptor. */
    public static Optional<DataType> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        if (text.startsWith(TYPE_PREFIX) && text.length() > TYPE_PREFIX.length()) {
            return Optional.of(new DataType.TypeRef(text.substring(TYPE_PREFIX.length())));
        }
        if (text.startsWith(TAXONOMY_PREFIX) && text.length() > TAXONOMY_PREFIX.length()) {
            return Optional.of(new DataType.TaxonomyRef(text.substring(TAXONOMY_PREFIX.length())));
        }
        for (PrimitiveKind kind : PrimitiveKind.values()) {
            if (kind.name().toLowerCase(Locale.ROOT).equals(text)) {
                return Optional.of(DataType.of(kind));
            }
        }
        return Optional.empty();
    }

    /** The descriptor of a data type; empty for unions and maps, which a plan cannot set. */
    public static Optional<String> format(DataType type) {
        if (type instanceof DataType.Primitive p) {
            return Optional.of(p.kind().name().toLowerCase(Locale.ROOT));
        }
        if (type instanceof DataType.TypeRef t) {
            return Optional.of(TYPE_PREFIX + t.typeName());
        }
        if (type instanceof DataType.TaxonomyRef t) {
            return Optional.of(TAXONOMY_PREFIX + t.taxonomyName());
        }
        return Optional.empty();
    }

    /** A readable description of any data type, for ledger explanations. */
    public static String describe(DataType type) {
        if (type instanceof DataType.Union u) {
            return u.members().stream().map(DataTypeSpec::describe).collect(Collectors.joining(" | ", "union(", ")"));
        }
        if (type instanceof DataType.MapOf m) {
            return "map(" + describe(m.values()) + ")";
        }
        return format(type).orElse("?");
    }

    public static String allowed() {
        return Arrays.stream(PrimitiveKind.values()).map(k -> k.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", ")) + ", type:<TypeName>, taxonomy:<TaxonomyName>";
    }

    private DataTypeSpec() {
    }
}
