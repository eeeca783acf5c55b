package io.modelgraph.codec.protobuf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The canonical model to one proto3 file. A protobuf-origin model keeps its nesting, field numbers, labels and
 * standard options; other models get valid names (renames in the ledger) and field numbers assigned by element
 * order, skipping reserved numbers. What proto3 cannot say (required, defaults, groups, extension ranges, custom
 * options, unions outside a oneof) is written to the ledger.
 */
final class ProtoEncoding {
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FIRST_RESERVED_BY_PROTOBUF = 19000;
    private static final int LAST_RESERVED_BY_PROTOBUF = 19999;

    private final SchemaModel model;
    private final LossinessLedger ledger;
    private final String pkg;
    /** Model type or taxonomy name to its path in the file ({@code Outer.Inner}). */
    private final Map<String, String> paths = new HashMap<>();
    private final Set<String> takenPaths = new HashSet<>();
    private final Set<String> imports = new TreeSet<>();
    private final Map<String, TypeDef> typesByPath = new LinkedHashMap<>();
    private final Map<String, TaxonomyDef> enumsByPath = new LinkedHashMap<>();
    /** Enum value names taken per scope: protobuf scopes them like C++, beside their enum. */
    private final Map<String, Set<String>> enumValueScopes = new HashMap<>();

    ProtoEncoding(SchemaModel model, LossinessLedger ledger) {
        this.model = model;
        this.ledger = ledger;
        this.pkg = packageName();
    }

    private String packageName() {
        String declared = model.annotations().get(ProtoKeys.PACKAGE);
        if (declared == null) {
            declared = java.util.stream.Stream.concat(model.types().stream().map(ProtoEncoding::packageOf),
                    model.taxonomies().stream().map(x -> x.annotations().getOrDefault(ProtoKeys.PACKAGE, "")))
                    .filter(p -> !p.isEmpty()).findFirst().orElse("");
        }
        StringBuilder out = new StringBuilder();
        for (String part : declared.split("\\.")) {
            if (!part.isEmpty()) {
                out.append(out.length() == 0 ? "" : ".").append(ident(part));
            }
        }
        return out.toString();
    }

    /** A type's package: the model's namespace field, else this codec's annotation. */
    private static String packageOf(TypeDef t) {
        return t.namespace().orElse(t.annotations().getOrDefault(ProtoKeys.PACKAGE, ""));
    }

    String encode() {
        Set<String> otherPackages = new TreeSet<>();
        for (TypeDef t : model.types()) {
            Map<String, String> annotations = new HashMap<>(t.annotations());
            annotations.put(ProtoKeys.PACKAGE, packageOf(t));
            paths.put("T:" + t.name(), path(t.name(), t.provenance(), annotations, "$.types." + t.name(),
                    otherPackages));
        }
        for (TaxonomyDef x : model.taxonomies()) {
            paths.put("X:" + x.name(), path(x.name(), x.provenance(), x.annotations(), "$.taxonomies." + x.name(),
                    otherPackages));
        }
        if (!otherPackages.isEmpty()) {
            ledger.approximate("$", "Types of packages " + otherPackages + " are written into package '" + pkg
                    + "' of one file; their full names change.");
        }
        model.types().forEach(t -> typesByPath.put(paths.get("T:" + t.name()), t));
        model.taxonomies().forEach(x -> enumsByPath.put(paths.get("X:" + x.name()), x));
        StringBuilder body = new StringBuilder();
        for (Map.Entry<String, TypeDef> t : typesByPath.entrySet()) {
            if (!t.getKey().contains(".") && !importedWellKnown(t.getKey(), "$.types." + t.getValue().name())) {
                message(t.getKey(), t.getValue(), body, "");
            }
        }
        for (Map.Entry<String, TaxonomyDef> x : enumsByPath.entrySet()) {
            if (!x.getKey().contains(".") && !importedWellKnown(x.getKey(), "$.taxonomies." + x.getValue().name())) {
                enumeration(x.getKey(), x.getValue(), body, "", "");
            }
        }
        Set<String> files = new TreeSet<>();
        model.types().forEach(t -> t.provenance().source().ifPresent(files::add));
        model.taxonomies().forEach(x -> x.provenance().source().ifPresent(files::add));
        if (!files.isEmpty()) {
            ledger.drop("$", "The model's types came from " + files + "; one proto file without a name holds them.");
        }
        model.description().ifPresent(d -> ledger.drop("$", "A proto file has no place for the model's"
                + " description."));
        StringBuilder out = new StringBuilder("syntax = \"proto3\";\n\n");
        if (!pkg.isEmpty()) {
            out.append("package ").append(pkg).append(";\n\n");
        }
        imports.forEach(i -> out.append("import \"").append(i).append("\";\n"));
        if (!imports.isEmpty()) {
            out.append('\n');
        }
        // the model's own, else those its first type carries (model-level facts do not survive the graph yet)
        String fileOptionsJson = model.annotations().getOrDefault(ProtoKeys.OPTIONS, java.util.stream.Stream.concat(
                        model.types().stream().map(TypeDef::annotations), model.taxonomies().stream()
                        .map(TaxonomyDef::annotations)).map(a -> a.get(ProtoKeys.FILE_OPTIONS)).filter(o -> o != null)
                .findFirst().orElse(null));
        List<String> fileOptions = kept(list(fileOptionsJson), "$");
        fileOptions.forEach(o -> out.append("option ").append(o).append(";\n"));
        if (!fileOptions.isEmpty()) {
            out.append('\n');
        }
        return out.append(body).toString().stripTrailing() + "\n";
    }

    /** Where a type goes: its nesting path for a protobuf-origin type, a valid unique name for any other. */
    private String path(String name, io.modelgraph.schema.Provenance provenance, Map<String, String> annotations,
            String where, Set<String> otherPackages) {
        String wanted;
        String typePkg = annotations.getOrDefault(ProtoKeys.PACKAGE, "");
        if (provenance.format().equals(ProtobufCodec.FORMAT) && provenance.originalName().isPresent()) {
            String full = provenance.originalName().get();
            wanted = typePkg.isEmpty() ? full : full.substring(typePkg.length() + 1);
            if (!typePkg.equals(pkg)) {
                otherPackages.add(typePkg);
            }
        } else {
            wanted = name;
        }
        List<String> parts = new ArrayList<>();
        for (String part : wanted.split("\\.")) {
            parts.add(ident(part));
        }
        // nest only under a type of the model; otherwise join the parts
        String candidate = String.join(".", parts);
        String parent = candidate.contains(".") ? candidate.substring(0, candidate.lastIndexOf('.')) : "";
        if (!parent.isEmpty() && !isTypeName(parent)) {
            candidate = String.join("_", parts);
        }
        String unique = candidate;
        for (int n = 2; !takenPaths.add(unique); n++) {
            unique = candidate + "_" + n;
        }
        if (!unique.equals(wanted)) {
            ledger.drop(where, "'" + wanted + "' is not a valid or unique protobuf name here; written as '" + unique
                    + "'.");
        }
        return unique;
    }

    private boolean isTypeName(String path) {
        for (TypeDef t : model.types()) {
            String p = t.provenance().format().equals(ProtobufCodec.FORMAT) && t.provenance().originalName()
                    .isPresent() ? relativeName(t) : t.name();
            if (p.equals(path)) {
                return true;
            }
        }
        return false;
    }

    private static String relativeName(TypeDef t) {
        String typePkg = packageOf(t);
        String full = t.provenance().originalName().orElse(t.name());
        return typePkg.isEmpty() ? full : full.substring(typePkg.length() + 1);
    }

    static String ident(String s) {
        if (IDENT.matcher(s).matches()) {
            return s;
        }
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            out.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_') ? c : '_');
        }
        if (out.length() == 0 || Character.isDigit(out.charAt(0))) {
            out.insert(0, '_');
        }
        return out.toString();
    }

    private void message(String path, TypeDef t, StringBuilder out, String indent) {
        String where = "$.types." + t.name();
        comment(t.description(), out, indent);
        String simple = path.substring(path.lastIndexOf('.') + 1);
        out.append(indent).append("message ").append(simple).append(" {\n");
        String inner = indent + "  ";
        options(t.annotations(), where).forEach(o -> out.append(inner).append("option ").append(o).append(";\n"));
        Reserved reserved = Reserved.of(list(t.annotations().get(ProtoKeys.RESERVED)));
        reserved.write(out, inner);
        if (t.annotations().containsKey(ProtoKeys.EXTENSIONS)) {
            ledger.drop(where, "proto3 declares no extension ranges; " + t.annotations().get(ProtoKeys.EXTENSIONS)
                    + " dropped.");
        }
        if (!t.supertypes().isEmpty()) {
            ledger.drop(where, "Protobuf messages have no supertypes; " + t.supertypes() + " dropped.");
        }
        if (t.isAbstract()) {
            ledger.drop(where, "Protobuf messages cannot be abstract.");
        }
        t.mapsTo().ifPresent(m -> ledger.drop(where, "The mapping to " + m + " has no place in protobuf."));
        for (Map.Entry<String, TypeDef> nested : typesByPath.entrySet()) {
            if (isChild(path, nested.getKey())) {
                message(nested.getKey(), nested.getValue(), out, inner);
            }
        }
        for (Map.Entry<String, TaxonomyDef> nested : enumsByPath.entrySet()) {
            if (isChild(path, nested.getKey())) {
                enumeration(nested.getKey(), nested.getValue(), out, inner, path);
            }
        }
        new FieldWriter(t, path, where, reserved, inner, out).write();
        out.append(indent).append("}\n\n");
    }

    private static boolean isChild(String parent, String path) {
        return path.startsWith(parent + ".") && !path.substring(parent.length() + 1).contains(".");
    }

    /** Fields of one message: numbers kept or assigned, oneofs grouped where their first member stands. */
    private final class FieldWriter {
        private final TypeDef type;
        private final String path;
        private final String where;
        private final Reserved reserved;
        private final String indent;
        private final StringBuilder out;
        private final Set<Integer> usedNumbers = new HashSet<>();
        private final Set<String> usedNames = new HashSet<>();
        private final Set<String> usedJsonNames = new HashSet<>();
        /**
         * By identity: ElementDef is a record, so two equal elements of one type (a LinkML slot listed twice) would
         * share one number and protobuf refuses the duplicate field number.
         */
        private final Map<ElementDef, Integer> numbers = new java.util.IdentityHashMap<>();
        private int nextNumber = 1;

        FieldWriter(TypeDef type, String path, String where, Reserved reserved, String indent, StringBuilder out) {
            this.type = type;
            this.path = path;
            this.where = where;
            this.reserved = reserved;
            this.indent = indent;
            this.out = out;
        }

        void write() {
            for (ElementDef e : type.elements()) {
                Optional<Integer> kept = e.fieldNumber().isPresent() ? Optional.of(e.fieldNumber().getAsInt())
                        : Optional.ofNullable(e.annotations().get(ProtoKeys.NUMBER)).flatMap(ProtoEncoding::parseInt);
                if (kept.isPresent() && !reserved.hasNumber(kept.get()) && usedNumbers.add(kept.get())) {
                    numbers.put(e, kept.get());
                }
            }
            Set<String> oneofsWritten = new HashSet<>();
            for (ElementDef e : type.elements()) {
                Optional<String> oneof = Optional.ofNullable(e.annotations().get(ProtoKeys.ONEOF));
                if (oneof.isPresent() && !e.cardinality().many() && !(e.type() instanceof DataType.MapOf)) {
                    if (oneofsWritten.add(oneof.get())) {
                        out.append(indent).append("oneof ").append(ident(oneof.get())).append(" {\n");
                        for (ElementDef member : type.elements()) {
                            if (oneof.equals(Optional.ofNullable(member.annotations().get(ProtoKeys.ONEOF)))
                                    && !member.cardinality().many() && !(member.type() instanceof DataType.MapOf)) {
                                field(member, indent + "  ", true);
                            }
                        }
                        out.append(indent).append("}\n");
                    }
                } else {
                    if (oneof.isPresent()) {
                        ledger.approximate(where + ".elements." + e.name(), "A repeated or map field cannot be in"
                                + " a oneof; written outside '" + oneof.get() + "'.");
                    }
                    field(e, indent, false);
                }
            }
        }

        private void field(ElementDef e, String at, boolean inOneof) {
            String ePath = where + ".elements." + e.name();
            String name = uniqueName(e.name(), ePath);
            lostFacts(e, ePath);
            if (e.type() instanceof DataType.Union u && !e.cardinality().many()) {
                union(e, u, name, at, inOneof, ePath);
                return;
            }
            comment(e.description(), out, at);
            String typeText;
            if (e.type() instanceof DataType.MapOf m) {
                if (e.cardinality().many()) {
                    ledger.approximate(ePath, "A protobuf map cannot repeat; the repeated map becomes one map.");
                }
                String key = e.annotations().getOrDefault(ProtoKeys.MAP_KEY, "string");
                typeText = "map<" + key + ", " + valueType(m.values(), ePath, true) + ">";
            } else if (e.cardinality().many() && e.type() instanceof DataType.Union) {
                ledger.approximate(ePath, "A repeated union becomes repeated google.protobuf.Value.");
                typeText = wellKnown("google.protobuf.Value");
            } else {
                typeText = valueType(e.type(), ePath, false);
            }
            String label = label(e, inOneof, ePath);
            out.append(at).append(label.isEmpty() || typeText.startsWith("map<") ? "" : label + " ")
                    .append(typeText).append(' ').append(name).append(" = ").append(number(e)).append(fieldOptions(e,
                    ePath)).append(";\n");
        }

        /** A union outside a oneof becomes a oneof of its own, one field per member. */
        private void union(ElementDef e, DataType.Union u, String name, String at, boolean inOneof, String ePath) {
            ledger.approximate(ePath, "The union of " + u.members().size() + " types becomes oneof '" + name + "'"
                    + " with one field per member.");
            comment(e.description(), out, at);
            String inner = inOneof ? at : at + "  ";
            if (!inOneof) {
                out.append(at).append("oneof ").append(name).append(" {\n");
            }
            int i = 0;
            for (DataType member : u.members()) {
                String memberType = member instanceof DataType.MapOf || member instanceof DataType.Union
                        ? wellKnown("google.protobuf.Value") : valueType(member, ePath, true);
                String memberName = uniqueName(name + "_" + ident(memberType.replaceAll(".*\\.", "")
                        .toLowerCase(java.util.Locale.ROOT)), ePath);
                int number = i++ == 0 ? number(e) : assign();
                out.append(inner).append(memberType).append(' ').append(memberName).append(" = ").append(number)
                        .append(";\n");
            }
            if (!inOneof) {
                out.append(at).append("}\n");
            }
        }

        private String label(ElementDef e, boolean inOneof, String ePath) {
            if (inOneof) {
                return "";
            }
            if (e.cardinality().many()) {
                return "repeated";
            }
            String declared = e.annotations().getOrDefault(ProtoKeys.LABEL, "");
            boolean fromProtobuf = e.annotations().containsKey(ProtoKeys.NUMBER) || e.fieldNumber().isPresent();
            if (declared.equals("required") || (!fromProtobuf && e.cardinality().required())) {
                ledger.relax(ePath, "proto3 has no required fields; the field is written as optional.");
                return "optional";
            }
            if (declared.equals("optional")) {
                return "optional";
            }
            return fromProtobuf ? "" : "optional";
        }

        private int number(ElementDef e) {
            Integer kept = numbers.get(e);
            if (kept != null) {
                return kept;
            }
            int n = assign();
            numbers.put(e, n);
            return n;
        }

        private int assign() {
            while (usedNumbers.contains(nextNumber) || reserved.hasNumber(nextNumber)
                    || (nextNumber >= FIRST_RESERVED_BY_PROTOBUF && nextNumber <= LAST_RESERVED_BY_PROTOBUF)) {
                nextNumber++;
            }
            usedNumbers.add(nextNumber);
            return nextNumber++;
        }

        private String uniqueName(String wanted, String ePath) {
            String base = ident(wanted);
            String candidate = base;
            // two fields of a message may not share a JSON name either (protoc and buf refuse it in proto3)
            for (int n = 2; reserved.hasName(candidate) || usedNames.contains(candidate)
                    || usedJsonNames.contains(ProtoJsonNames.of(candidate)); n++) {
                candidate = base + "_" + n;
            }
            usedNames.add(candidate);
            usedJsonNames.add(ProtoJsonNames.of(candidate));
            if (!candidate.equals(wanted)) {
                ledger.drop(ePath, "'" + wanted + "' is not a valid or free protobuf field name, or its JSON name is"
                        + " another field's; written as '" + candidate + "'.");
            }
            return candidate;
        }

        private String fieldOptions(ElementDef e, String ePath) {
            List<String> kept = options(e.annotations(), ePath);
            return kept.isEmpty() ? "" : " [" + String.join(", ", kept) + "]";
        }

        private void lostFacts(ElementDef e, String ePath) {
            e.defaultValue().ifPresent(d -> ledger.drop(ePath, "proto3 has no default values; " + d + " dropped."));
            e.mapsTo().ifPresent(m -> ledger.drop(ePath, "The mapping to " + m + " has no place in protobuf."));
            if (!e.examples().isEmpty()) {
                ledger.drop(ePath, "Protobuf fields have no examples; " + e.examples().size() + " dropped.");
            }
            if (!e.constraints().isEmpty()) {
                ledger.relax(ePath, "Protobuf states no value constraints (pattern, range, length, precision,"
                        + " format); they are dropped.");
            }
            e.description().filter(d -> !d.equals(d.strip()) || d.lines().anyMatch(l -> !l.equals(l.stripTrailing())))
                    .ifPresent(d -> ledger.approximate(ePath, "A comment keeps no white space at the ends of its"
                            + " lines; the description of '" + e.name() + "' reads back without it."));
            boolean wrapper = e.type() instanceof DataType.Primitive p && p.nativeName()
                    .map(WellKnownTypes::isWrapper).orElse(false);
            if (e.nullable() && !wrapper) {
                // only a wrapper type (google.protobuf.StringValue) reads back nullable; a plain field is unset
                ledger.narrow(ePath, "Protobuf fields hold no null; the nullable value is written as a field that"
                        + " may be unset and reads back not nullable.");
            }
            Cardinality c = e.cardinality();
            if (c.many() && (c.min() > 0 || c.max().isPresent())) {
                ledger.relax(ePath, "A repeated field has no size bounds; " + c.min() + ".." + (c.max().isPresent()
                        ? c.max().getAsInt() : "*") + " becomes any number.");
            }
            if ("true".equals(e.annotations().get(ProtoKeys.GROUP))) {
                ledger.approximate(ePath, "proto3 has no groups; the group is written as a message field.");
            }
        }
    }

    private String valueType(DataType type, String where, boolean asValue) {
        if (type instanceof DataType.TypeRef r) {
            return Optional.ofNullable(paths.get("T:" + r.typeName())).orElseGet(() -> {
                ledger.approximate(where, "Type '" + r.typeName() + "' is not in the model; written as"
                        + " google.protobuf.Struct.");
                return wellKnown("google.protobuf.Struct");
            });
        }
        if (type instanceof DataType.TaxonomyRef r) {
            return Optional.ofNullable(paths.get("X:" + r.taxonomyName())).orElseGet(() -> {
                ledger.approximate(where, "Taxonomy '" + r.taxonomyName() + "' is not in the model; written as"
                        + " string.");
                return "string";
            });
        }
        if (type instanceof DataType.MapOf || type instanceof DataType.Union) {
            ledger.approximate(where, "A nested map or union becomes google.protobuf.Value.");
            return wellKnown("google.protobuf.Value");
        }
        DataType.Primitive p = (DataType.Primitive) type;
        String nativeName = p.nativeName().orElse("");
        if (ProtoDecoding.SCALARS.contains(nativeName)) {
            return nativeName;
        }
        if (WellKnownTypes.kind(nativeName).isPresent()) {
            return wellKnown(nativeName);
        }
        return switch (p.kind()) {
            case STRING -> "string";
            case INTEGER -> nativeName.equals("int") ? "int32" : "int64";
            case NUMBER -> nativeName.equals("float") ? "float" : "double";
            case BOOLEAN -> "bool";
            case BINARY -> "bytes";
            case DATETIME -> wellKnown("google.protobuf.Timestamp");
            case DURATION -> wellKnown("google.protobuf.Duration");
            case ANY -> wellKnown("google.protobuf.Value");
            case DATE, TIME, DECIMAL, URI, UUID -> {
                ledger.approximate(where, "A " + p.kind().name().toLowerCase(java.util.Locale.ROOT) + " becomes a"
                        + " string (proto3 has no such scalar).");
                yield "string";
            }
        };
    }

    /**
     * A top-level type whose full name is a well-known type's ({@code google.protobuf.Struct} read from
     * {@code struct.proto}) is imported, not declared: a second declaration of a well-known type is an error to
     * protoc and buf once anything imports it (docs/formats/protobuf.md).
     */
    private boolean importedWellKnown(String path, String where) {
        String full = pkg.isEmpty() ? path : pkg + "." + path;
        if (WellKnownTypes.kind(full).isEmpty()) {
            return false;
        }
        String file = WellKnownTypes.file(full);
        imports.add(file);
        ledger.drop(where, "'" + full + "' is a well-known type: the file imports " + file + " instead of declaring"
                + " it again, so this definition is not written.");
        return true;
    }

    private String wellKnown(String fullName) {
        imports.add(WellKnownTypes.file(fullName));
        return fullName;
    }

    /**
     * The message and enum names declared directly in a scope (the package, or a message's path): enum values
     * share that scope with them (protobuf's C++ scoping), so a value may not take one of these names.
     */
    private Set<String> declaredIn(String scope) {
        Set<String> names = new HashSet<>();
        java.util.stream.Stream.concat(typesByPath.keySet().stream(), enumsByPath.keySet().stream())
                .filter(p -> scope.isEmpty() ? !p.contains(".") : p.startsWith(scope + ".")
                        && p.indexOf('.', scope.length() + 1) < 0)
                .forEach(p -> names.add(p.substring(p.lastIndexOf('.') + 1)));
        return names;
    }

    /**
     * A value's name as protoc compares the values of one proto3 enum: the enum's name removed from its front
     * (letters compared without case, underscores skipped), then in PascalCase. Two values with one such name are
     * an error to protoc and buf, since they would share a name in JSON and in some languages.
     */
    static String strippedName(String value, String enumName) {
        String prefix = enumName.replace("_", "").toLowerCase(java.util.Locale.ROOT);
        int i = 0;
        int j = 0;
        boolean matched = true;
        while (i < value.length() && j < prefix.length()) {
            char c = value.charAt(i);
            if (c == '_') {
                i++;
            } else if (Character.toLowerCase(c) == prefix.charAt(j)) {
                i++;
                j++;
            } else {
                matched = false;
                break;
            }
        }
        String rest = value;
        if (matched && j == prefix.length()) {
            while (i < value.length() && value.charAt(i) == '_') {
                i++;
            }
            rest = i == value.length() ? value : value.substring(i);
        }
        StringBuilder pascal = new StringBuilder();
        boolean upper = true;
        for (char c : rest.toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                pascal.append(upper ? Character.toUpperCase(c) : Character.toLowerCase(c));
                upper = false;
            }
        }
        return pascal.toString();
    }

    private void enumeration(String path, TaxonomyDef x, StringBuilder out, String indent, String scope) {
        String where = "$.taxonomies." + x.name();
        comment(x.description(), out, indent);
        out.append(indent).append("enum ").append(path.substring(path.lastIndexOf('.') + 1)).append(" {\n");
        String inner = indent + "  ";
        options(x.annotations(), where).forEach(o -> out.append(inner).append("option ").append(o).append(";\n"));
        Reserved reserved = Reserved.of(list(x.annotations().get(ProtoKeys.RESERVED)));
        reserved.write(out, inner);
        JsonNode numbers = read(x.annotations().get(ProtoKeys.VALUES)).orElse(JSON.createObjectNode());
        JsonNode valueOptions = read(x.annotations().get(ProtoKeys.VALUE_OPTIONS)).orElse(JSON.createObjectNode());
        Set<String> scopeNames = enumValueScopes.computeIfAbsent(scope, this::declaredIn);
        String simple = path.substring(path.lastIndexOf('.') + 1);
        Set<String> stripped = new HashSet<>();
        List<String[]> values = new ArrayList<>();
        Map<String, String> renamed = new LinkedHashMap<>();
        Set<Integer> used = new HashSet<>();
        int next = 0;
        int labelled = 0;
        for (Term term : x.terms()) {
            String name = ident(term.code());
            if (scopeNames.contains(name)) {
                name = ident(path.replace('.', '_')).toUpperCase(java.util.Locale.ROOT) + "_" + name;
            }
            for (int n = 2; scopeNames.contains(name) || stripped.contains(strippedName(name, simple)); n++) {
                name = ident(term.code()) + "_" + n;
            }
            scopeNames.add(name);
            stripped.add(strippedName(name, simple));
            if (!name.equals(term.code())) {
                renamed.put(term.code(), name);
            }
            int number;
            if (numbers.has(term.code())) {
                number = numbers.get(term.code()).asInt();
            } else {
                while (used.contains(next) || reserved.hasNumber(next)) {
                    next++;
                }
                number = next;
            }
            used.add(number);
            if (term.label().isPresent() || term.mapsTo().isPresent()) {
                labelled++;
            }
            String opts = valueOptions.has(term.code()) ? " [" + String.join(", ", kept(list(valueOptions.get(
                    term.code()).toString()), where)) + "]" : "";
            values.add(new String[] {name, String.valueOf(number), term.description().orElse(""),
                    opts.equals(" []") ? "" : opts});
        }
        if (values.isEmpty() || !values.get(0)[1].equals("0")) {
            String zero = ident(path.replace('.', '_')).toUpperCase(java.util.Locale.ROOT) + "_UNSPECIFIED";
            ledger.approximate(where, "proto3 enums start with the value 0; " + zero + " = 0 is added first.");
            scopeNames.add(zero);
            values.add(0, new String[] {zero, "0", "", ""});
        }
        if (!renamed.isEmpty()) {
            ledger.drop(where, "Codes that are not valid or free protobuf enum value names were renamed: " + renamed
                    + ".");
        }
        if (labelled > 0) {
            ledger.drop(where, "Protobuf enum values carry no label or mapping; those of " + labelled
                    + " terms are dropped.");
        }
        x.mapsTo().ifPresent(m -> ledger.drop(where, "The mapping to " + m + " has no place in protobuf."));
        for (String[] v : values) {
            comment(v[2].isEmpty() ? Optional.empty() : Optional.of(v[2]), out, inner);
            out.append(inner).append(v[0]).append(" = ").append(v[1]).append(v[3]).append(";\n");
        }
        out.append(indent).append("}\n\n");
    }

    /** Standard options of a protobuf-origin part; custom options and Editions features go to the ledger. */
    private List<String> options(Map<String, String> annotations, String where) {
        return kept(list(annotations.get(ProtoKeys.OPTIONS)), where);
    }

    private List<String> kept(List<String> options, String where) {
        List<String> out = new ArrayList<>();
        for (String o : options) {
            if (o.startsWith("(") || o.startsWith("features.") || o.startsWith("features ")) {
                ledger.drop(where, "Option '" + o + "' is not written: custom options need their definitions and"
                        + " Editions features do not exist in proto3.");
            } else if (o.replace(" ", "").startsWith("message_set_wire_format=")) {
                // a proto2-only encoding: protoc and buf refuse message sets in a proto3 file
                ledger.drop(where, "Option '" + o + "' is not written: message sets exist only in proto2 and this"
                        + " file is proto3; the message is written with the ordinary wire format.");
            } else {
                out.add(o);
            }
        }
        return out;
    }

    private static void comment(Optional<String> text, StringBuilder out, String indent) {
        text.ifPresent(t -> {
            for (String line : t.split("\n", -1)) {
                out.append(indent).append(line.isEmpty() ? "//" : "// " + line).append('\n');
            }
        });
    }

    private static List<String> list(String json) {
        List<String> out = new ArrayList<>();
        read(json).filter(JsonNode::isArray).ifPresent(a -> a.forEach(v -> out.add(v.asText())));
        return out;
    }

    private static Optional<JsonNode> read(String json) {
        if (json == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readTree(json));
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
    }

    static Optional<Integer> parseInt(String s) {
        try {
            return Optional.of(Integer.parseInt(s));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Reserved numbers, ranges and names of a message or enum, as texts and for lookups. */
    record Reserved(List<String> texts, List<long[]> ranges, Set<String> names) {
        static Reserved of(List<String> texts) {
            List<long[]> ranges = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (String t : texts) {
                if (t.startsWith("\"")) {
                    names.add(t.substring(1, t.length() - 1));
                } else if (t.contains(" to ")) {
                    String[] p = t.split(" to ");
                    ranges.add(new long[] {Long.parseLong(p[0]), p[1].equals("max") ? Long.MAX_VALUE
                            : Long.parseLong(p[1])});
                } else {
                    long n = Long.parseLong(t);
                    ranges.add(new long[] {n, n});
                }
            }
            return new Reserved(texts, ranges, names);
        }

        /** Numbers and names go in separate statements: one {@code reserved} cannot mix them. */
        void write(StringBuilder out, String indent) {
            List<String> numbers = texts.stream().filter(t -> !t.startsWith("\"")).toList();
            List<String> quoted = texts.stream().filter(t -> t.startsWith("\"")).toList();
            for (List<String> part : List.of(numbers, quoted)) {
                if (!part.isEmpty()) {
                    out.append(indent).append("reserved ").append(String.join(", ", part)).append(";\n");
                }
            }
        }

        boolean hasNumber(long n) {
            return ranges.stream().anyMatch(r -> n >= r[0] && n <= r[1]);
        }

        boolean hasName(String name) {
            return names.contains(name);
        }
    }
}
