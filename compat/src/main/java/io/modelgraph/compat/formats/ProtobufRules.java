package io.modelgraph.compat.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.protobuf.ProtoJsonNames;
import io.modelgraph.compat.ConsumerRules;
import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Matching;
import io.modelgraph.compat.Reading;
import io.modelgraph.compat.Severity;
import io.modelgraph.json.Json;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Protobuf consumers, wire and JSON (docs/compare.md "Protobuf"), after buf's WIRE_JSON breaking category: fields
 * are matched by number (the codec keeps it as the element's field number and {@code protobuf.number}); a number
 * dropped without being reserved, a type outside its wire-compatible group or with another JSON form, a changed
 * label (repeated, optional, required), a move into or out of a {@code oneof}, a changed JSON name, an enum value
 * number dropped without reserving or renamed, a message or enum deleted. A model from another format gets numbers
 * as the protobuf codec writes them: declaration order from 1.
 */
public final class ProtobufRules implements ConsumerRules {
    /** Scalar types that share a wire encoding (buf's wire-compatible groups). */
    private static final List<Set<String>> WIRE = List.of(
            Set.of("int32", "uint32", "int64", "uint64", "bool", "enum"),
            Set.of("sint32", "sint64"),
            Set.of("fixed32", "sfixed32"),
            Set.of("fixed64", "sfixed64"),
            Set.of("string", "bytes", "message"));
    /** Scalar types whose JSON form is the same (the JSON mapping: 64-bit integers are strings). */
    private static final List<Set<String>> JSON = List.of(
            Set.of("int32", "uint32", "sint32", "fixed32", "sfixed32"),
            Set.of("int64", "uint64", "sint64", "fixed64", "sfixed64"));

    private static final Set<String> SCALARS = Set.of("double", "float", "int32", "int64", "uint32", "uint64",
            "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64", "bool", "string", "bytes");

    @Override
    public String consumer() {
        return "protobuf";
    }

    @Override
    public List<Finding> check(Reading r) {
        List<Finding> out = new ArrayList<>();
        String writerPackage = packageOf(r.writer());
        String readerPackage = packageOf(r.reader());
        if (!writerPackage.equals(readerPackage)) {
            // type URLs in Any and the full names generated code and reflection use change (buf's
            // FILE_SAME_PACKAGE, part of WIRE_JSON)
            out.add(r.finding("protobuf.package-changed", Severity.ERROR, writerPackage, readerPackage, "Package '"
                    + writerPackage + "' becomes '" + readerPackage + "'"));
        }
        ProtobufForm[] forms = null;
        for (TypeDef w : r.writer().types()) {
            Optional<TypeDef> rt = r.matching().readerTypeNamed(w.name());
            if (rt.isEmpty()) {
                if (r.writerIsBase()) {
                    // the other messages' wire and JSON forms are unchanged (buf's WIRE_JSON does not flag it);
                    // code generated from the schema that names it breaks
                    out.add(r.finding("protobuf.message-deleted", Severity.WARNING, w.name(), "", "Message '"
                            + w.name() + "' is deleted; the wire and JSON forms of the others are unchanged, code"
                            + " that names it breaks"));
                }
                continue;
            }
            if (!r.matching().alike(w)) {
                if (forms == null) {
                    forms = written(r);
                }
                Optional<TypeDef> wm = forms[0] == null ? Optional.of(w) : forms[0].message(w).map(m -> named(m, w));
                Optional<TypeDef> rm = forms[1] == null ? rt : forms[1].message(rt.get()).map(m -> named(m, rt.get()));
                if (wm.isPresent() && rm.isPresent()) {
                    fields(r, wm.get(), rm.get(), out);
                } else {
                    fields(r, w, rt.get(), out);
                }
            }
        }
        for (TaxonomyDef w : r.writer().taxonomies()) {
            Optional<TaxonomyDef> rt = r.matching().readerTaxonomyNamed(w.name());
            if (rt.isEmpty()) {
                if (r.writerIsBase()) {
                    out.add(r.finding("protobuf.enum-deleted", Severity.WARNING, w.name(), "", "Enum '" + w.name()
                            + "' is deleted; the wire and JSON forms of the messages are unchanged, code that names"
                            + " it breaks"));
                }
                continue;
            }
            if (!r.matching().alike(w)) {
                values(r, w, rt.get(), out);
            }
        }
        return out;
    }

    private void fields(Reading r, TypeDef w, TypeDef rt, List<Finding> out) {
        Map<Integer, ElementDef> byNumber = numbered(rt);
        Reserved reserved = Reserved.of(rt.annotations());
        Map<Integer, ElementDef> writerNumbers = numbered(w);
        for (Map.Entry<Integer, ElementDef> e : writerNumbers.entrySet()) {
            ElementDef we = e.getValue();
            String wp = w.name() + "." + we.name();
            ElementDef re = byNumber.get(e.getKey());
            if (re == null) {
                if (!r.writerIsBase()) {
                    continue; // a new field: old readers skip its number
                }
                boolean numberKept = reserved.number(e.getKey());
                boolean nameKept = reserved.name(we.name());
                if (!numberKept) {
                    out.add(r.finding("protobuf.field-deleted-without-reserved-number", Severity.ERROR, wp, rt.name(),
                            "Field " + e.getKey() + " ('" + we.name() + "') is deleted and its number not reserved;"
                                    + " a later field may reuse it"));
                } else if (!nameKept) {
                    out.add(r.finding("protobuf.field-deleted-without-reserved-name", Severity.ERROR, wp, rt.name(),
                            "Field '" + we.name() + "' is deleted and its name not reserved; JSON readers may meet"
                                    + " it again with another meaning"));
                }
                continue;
            }
            if (we.equals(re)) {
                continue; // declared alike on both sides (references compare by name here): nothing changed
            }
            String rp = rt.name() + "." + re.name();
            String wType = kind(r, we, true);
            String rType = kind(r, re, false);
            if (!wType.equals(rType)) {
                if (!sameGroup(WIRE, wType, rType)) {
                    out.add(r.finding("protobuf.field-wire-incompatible-type", Severity.ERROR, wp, rp, "Field "
                            + e.getKey() + " changes type " + wType + " to " + rType + ", another wire encoding"));
                } else if (!sameGroup(JSON, wType, rType)) {
                    out.add(r.finding("protobuf.field-json-incompatible-type", Severity.ERROR, wp, rp, "Field "
                            + e.getKey() + " changes type " + wType + " to " + rType + ": the wire reads it, JSON"
                            + " readers do not"));
                }
            } else if (wType.equals("message") || wType.equals("enum")) {
                String wn = refName(we.type());
                String rn = refName(re.type());
                if (!wn.equals(rn)) {
                    out.add(r.finding("protobuf.field-type-changed", Severity.ERROR, wp, rp, "Field " + e.getKey()
                            + " changes type " + wn + " to " + rn));
                }
            }
            if (!label(we).equals(label(re))) {
                out.add(r.finding("protobuf.field-label-changed", Severity.ERROR, wp, rp, "Field " + e.getKey()
                        + " changes label '" + label(we) + "' to '" + label(re) + "'"));
            }
            String wo = we.annotations().getOrDefault("protobuf.oneof", "");
            String ro = re.annotations().getOrDefault("protobuf.oneof", "");
            if (!wo.equals(ro)) {
                out.add(r.finding("protobuf.field-oneof-changed", Severity.ERROR, wp, rp, "Field " + e.getKey()
                        + (wo.isEmpty() ? " moves into oneof '" + ro + "'" : ro.isEmpty() ? " moves out of oneof '" + wo
                        + "'" : " moves from oneof '" + wo + "' to '" + ro + "'")));
            }
            boolean sameNaming = we.name().equals(re.name()) && java.util.Objects.equals(we.annotations().get(
                    "protobuf.options"), re.annotations().get("protobuf.options"));
            if (sameNaming) {
                continue; // the same name and options: the same JSON name
            }
            if (!jsonName(we).equals(jsonName(re))) {
                out.add(r.finding("protobuf.field-json-name-changed", Severity.ERROR, wp, rp, "Field " + e.getKey()
                        + " is '" + jsonName(we) + "' in JSON, now '" + jsonName(re) + "'"));
            } else if (!we.name().equals(re.name())) {
                // JSON parsers accept a field's proto name as well as its JSON name (the proto3 JSON mapping)
                out.add(r.finding("protobuf.field-renamed", Severity.ERROR, wp, rp, "Field " + e.getKey()
                        + " is renamed '" + re.name() + "': its JSON name is kept, but JSON parsers also accept the"
                        + " proto name '" + we.name() + "', which readers no longer know"));
            }
        }
        if (r.writerIsBase()) {
            for (Map.Entry<Integer, ElementDef> e : byNumber.entrySet()) {
                ElementDef re = e.getValue();
                if (!writerNumbers.containsKey(e.getKey()) && "required".equals(label(re))) {
                    out.add(r.finding("protobuf.required-field-added", Severity.ERROR, w.name(), rt.name() + "."
                            + re.name(), "Required field " + e.getKey() + " is new; old messages lack it"));
                }
            }
        }
    }

    /**
     * The forms the protobuf codec writes for writer and reader, where a model comes from another format; null
     * for a model of protobuf messages already. A pair of one protobuf and one other model is read both ways
     * alike: both written by the codec.
     */
    private static ProtobufForm[] written(Reading r) {
        if (ProtobufForm.isProtobuf(r.writer()) && ProtobufForm.isProtobuf(r.reader())) {
            return new ProtobufForm[2];
        }
        Matching m = r.matching();
        return new ProtobufForm[] {new ProtobufForm(r.writer(), m::writerType, m::writerTaxonomy),
                new ProtobufForm(r.reader(), m::readerTypeNamed, m::readerTaxonomyNamed)};
    }

    /** The message read back under the model type's name, which the finding paths use. */
    private static TypeDef named(TypeDef message, TypeDef modelType) {
        return message.toBuilder().name(modelType.name()).build();
    }

    /**
     * The package the protobuf codec writes a model in: the model's own, else the first type's namespace or
     * package, else the first value list's package (each dotted part as a protobuf identifier).
     */
    static String packageOf(SchemaModel model) {
        String declared = model.annotations().get("protobuf.package");
        if (declared == null) {
            declared = java.util.stream.Stream.concat(model.types().stream().map(t -> t.namespace().orElse(
                    t.annotations().getOrDefault("protobuf.package", ""))), model.taxonomies().stream().map(
                    x -> x.annotations().getOrDefault("protobuf.package", ""))).filter(p -> !p.isEmpty())
                    .findFirst().orElse("");
        }
        StringBuilder out = new StringBuilder();
        for (String part : declared.split("\\.")) {
            if (!part.isEmpty()) {
                out.append(out.length() == 0 ? "" : ".").append(part.replaceAll("[^A-Za-z0-9_]", "_"));
            }
        }
        return out.toString();
    }

    private void values(Reading r, TaxonomyDef w, TaxonomyDef rt, List<Finding> out) {
        Map<Integer, String> readerValues = enumNumbers(rt);
        Reserved reserved = Reserved.of(rt.annotations());
        for (Map.Entry<Integer, String> e : enumNumbers(w).entrySet()) {
            String name = readerValues.get(e.getKey());
            String wp = w.name() + "." + e.getValue();
            if (name == null) {
                if (r.writerIsBase() && !reserved.number(e.getKey())) {
                    out.add(r.finding("protobuf.enum-value-deleted-without-reserved-number", Severity.ERROR, wp,
                            rt.name(), "Value " + e.getValue() + " = " + e.getKey() + " is deleted and its number not"
                                    + " reserved"));
                } else if (r.writerIsBase() && !reserved.name(e.getValue())) {
                    out.add(r.finding("protobuf.enum-value-deleted-without-reserved-name", Severity.ERROR, wp,
                            rt.name(), "Value " + e.getValue() + " is deleted and its name not reserved; JSON readers"
                                    + " may meet the name again with another number"));
                }
            } else if (!name.equals(e.getValue())) {
                out.add(r.finding("protobuf.enum-value-renamed", Severity.ERROR, wp, rt.name() + "." + name,
                        "Value " + e.getKey() + " is '" + name + "' now, '" + e.getValue() + "' before: JSON"
                                + " readers see another name"));
            }
        }
    }

    /** Fields by number: the element's field number, else {@code protobuf.number}, else position from 1. */
    private static Map<Integer, ElementDef> numbered(TypeDef t) {
        Map<Integer, ElementDef> out = new LinkedHashMap<>();
        int position = 0;
        for (ElementDef e : t.elements()) {
            position++;
            int n = e.fieldNumber().isPresent() ? e.fieldNumber().getAsInt() : parse(e.annotations().get(
                    "protobuf.number"), position);
            out.putIfAbsent(n, e);
        }
        return out;
    }

    private static Map<Integer, String> enumNumbers(TaxonomyDef t) {
        Map<Integer, String> out = new LinkedHashMap<>();
        JsonNode numbers = read(t.annotations().get("protobuf.values"));
        int position = 0;
        for (Term term : t.terms()) {
            // the codec writes values from 0 (proto3's first value is the zero value)
            int n = numbers.has(term.code()) ? numbers.get(term.code()).asInt() : position;
            position++;
            out.putIfAbsent(n, term.code());
        }
        return out;
    }

    private static int parse(String text, int fallback) {
        try {
            return text == null ? fallback : Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static JsonNode read(String text) {
        try {
            return text == null ? Json.object() : Json.parse(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return Json.object();
        }
    }

    /** The protobuf type of the field as the protobuf codec writes it: its own scalar name, or the model's kind. */
    private static String kind(Reading r, ElementDef e, boolean writer) {
        DataType t = e.type();
        if (t instanceof DataType.MapOf) {
            return "map";
        }
        if (t instanceof DataType.TypeRef) {
            return "message";
        }
        if (t instanceof DataType.TaxonomyRef) {
            return "enum";
        }
        if (t instanceof DataType.Union) {
            return "message";
        }
        DataType.Primitive p = (DataType.Primitive) t;
        String nativeName = p.nativeName().orElse("");
        if (SCALARS.contains(nativeName)) {
            return nativeName;
        }
        return switch (p.kind()) {
            case INTEGER -> "int64";
            case NUMBER -> "double";
            case BOOLEAN -> "bool";
            case BINARY -> "bytes";
            case DATE, DATETIME, DURATION, DECIMAL, ANY -> nativeName.startsWith("google.protobuf.") ? "message"
                    : "string";
            default -> "string";
        };
    }

    /**
     * The message or enum a field of that kind names: a model type or value list, or a well-known message the
     * model holds as a value (a timestamp as {@code google.protobuf.Timestamp}, any value as
     * {@code google.protobuf.Value}), whose JSON forms differ as much as any two messages'.
     */
    private static String refName(DataType t) {
        if (t instanceof DataType.Primitive p) {
            return p.nativeName().filter(n -> n.startsWith("google.protobuf.")).orElse("");
        }
        return t instanceof DataType.TypeRef r ? r.typeName() : t instanceof DataType.TaxonomyRef x
                ? x.taxonomyName() : "";
    }

    private static String label(ElementDef e) {
        String written = e.annotations().getOrDefault("protobuf.label", "");
        if (!written.isEmpty()) {
            return written.equals("optional") ? "" : written;
        }
        return e.cardinality().many() ? "repeated" : "";
    }

    private static boolean sameGroup(List<Set<String>> groups, String a, String b) {
        return groups.stream().anyMatch(g -> g.contains(a) && g.contains(b));
    }

    /** The JSON name: {@code json_name} where set, else the field name in lowerCamelCase. */
    static String jsonName(ElementDef e) {
        String written = e.annotations().get("protobuf.options");
        for (JsonNode o : written == null ? Json.array() : read(written)) {
            String text = o.asText();
            if (text.startsWith("json_name")) {
                int eq = text.indexOf('=');
                return text.substring(eq + 1).trim().replace("\"", "");
            }
        }
        return ProtoJsonNames.of(e.name());
    }

    /** Reserved numbers, ranges and names ({@code protobuf.reserved}: texts such as {@code 5}, {@code 9 to 11}). */
    private record Reserved(List<long[]> ranges, Set<String> names) {
        static Reserved of(Map<String, String> annotations) {
            List<long[]> ranges = new ArrayList<>();
            Set<String> names = new java.util.HashSet<>();
            for (JsonNode n : read(annotations.get("protobuf.reserved"))) {
                String text = n.asText().trim();
                if (text.startsWith("\"") || text.startsWith("'")) {
                    names.add(text.substring(1, Math.max(1, text.length() - 1)));
                    continue;
                }
                String[] parts = text.split("\\s+to\\s+");
                try {
                    long lo = Long.parseLong(parts[0].trim());
                    long hi = parts.length > 1 ? (parts[1].trim().equals("max") ? Long.MAX_VALUE
                            : Long.parseLong(parts[1].trim())) : lo;
                    ranges.add(new long[] {lo, hi});
                } catch (NumberFormatException e) {
                    names.add(text);
                }
            }
            return new Reserved(ranges, names);
        }

        boolean number(int n) {
            return ranges.stream().anyMatch(r -> r[0] <= n && n <= r[1]);
        }

        boolean name(String name) {
            return names.contains(name);
        }
    }

}
