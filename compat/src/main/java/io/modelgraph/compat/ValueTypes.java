package io.modelgraph.compat;

import io.modelgraph.schema.DataType;
import io.modelgraph.schema.PrimitiveKind;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Whether a reader's value type takes every value of a writer's, in model terms (the kinds of
 * {@link PrimitiveKind}, references matched through {@link Matching}). Formats with finer scalars (Avro, protobuf,
 * SQL) check those themselves.
 */
final class ValueTypes {
    /** Kinds a reader of the key kind also takes: integers are numbers, text-shaped scalars are strings. */
    private static final Map<PrimitiveKind, Set<PrimitiveKind>> WIDER = Map.of(
            PrimitiveKind.NUMBER, EnumSet.of(PrimitiveKind.INTEGER, PrimitiveKind.DECIMAL),
            PrimitiveKind.DECIMAL, EnumSet.of(PrimitiveKind.INTEGER),
            PrimitiveKind.STRING, EnumSet.of(PrimitiveKind.DATE, PrimitiveKind.DATETIME, PrimitiveKind.TIME,
                    PrimitiveKind.DURATION, PrimitiveKind.URI, PrimitiveKind.UUID));

    private ValueTypes() {
    }

    static boolean accepts(DataType reader, DataType writer, Matching m) {
        if (reader instanceof DataType.Primitive r && r.kind() == PrimitiveKind.ANY && r.nativeName().filter(
                "null"::equals).isEmpty()) {
            return true;
        }
        if (writer instanceof DataType.Union w) {
            return w.members().stream().allMatch(x -> accepts(reader, x, m));
        }
        if (reader instanceof DataType.Union r) {
            return r.members().stream().anyMatch(x -> accepts(x, writer, m));
        }
        if (reader instanceof DataType.Primitive r && writer instanceof DataType.Primitive w) {
            return r.kind() == w.kind() || WIDER.getOrDefault(r.kind(), Set.of()).contains(w.kind());
        }
        if (reader instanceof DataType.Primitive r && writer instanceof DataType.TaxonomyRef) {
            return r.kind() == PrimitiveKind.STRING;
        }
        if (reader instanceof DataType.TypeRef r && writer instanceof DataType.TypeRef w) {
            return m.readerType(w.typeName()).map(t -> t.name().equals(r.typeName())).orElse(
                    r.typeName().equals(w.typeName()));
        }
        if (reader instanceof DataType.TaxonomyRef r && writer instanceof DataType.TaxonomyRef w) {
            return m.readerTaxonomy(w.taxonomyName()).map(t -> t.name().equals(r.taxonomyName())).orElse(
                    r.taxonomyName().equals(w.taxonomyName()));
        }
        if (reader instanceof DataType.MapOf r && writer instanceof DataType.MapOf w) {
            return accepts(r.values(), w.values(), m);
        }
        return false;
    }

    /** The type as people read it in messages. */
    static String describe(DataType t) {
        if (t instanceof DataType.Primitive p) {
            return p.nativeName().orElse(p.kind().name().toLowerCase(java.util.Locale.ROOT));
        }
        if (t instanceof DataType.TypeRef r) {
            return r.typeName();
        }
        if (t instanceof DataType.TaxonomyRef r) {
            return r.taxonomyName();
        }
        if (t instanceof DataType.MapOf mo) {
            return "map<" + describe(mo.values()) + ">";
        }
        return String.join(" | ", ((DataType.Union) t).members().stream().map(ValueTypes::describe).toList());
    }
}
