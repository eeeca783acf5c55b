package io.modelgraph.codec.protobuf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.protobuf.ProtoAst.EnumDecl;
import io.modelgraph.codec.protobuf.ProtoAst.Field;
import io.modelgraph.codec.protobuf.ProtoAst.Message;
import io.modelgraph.codec.protobuf.ProtoAst.Option;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Parsed {@code .proto} files to the canonical model: messages (nested ones named {@code Outer.Inner}) become
 * types, enums taxonomies, fields elements with their numbers, labels and options in annotations. Type names
 * resolve by protobuf's scoping rules, innermost scope first.
 */
final class ProtoDecoding {
    static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    static final Set<String> SCALARS = Set.of("double", "float", "int32", "int64", "uint32", "uint64", "sint32",
            "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64", "bool", "string", "bytes");

    /** A message or enum with where it was declared. */
    record Decl(String fullName, String pkg, String file, Optional<Message> message, Optional<EnumDecl> enumDecl) {
    }

    private final ProtoSources sources;
    private final CodecOptions options;
    private final LossinessLedger ledger;
    private final Map<String, Decl> symbols = new LinkedHashMap<>();
    private final Set<String> packages = new HashSet<>();
    private final Map<String, String> modelNames = new HashMap<>();

    ProtoDecoding(ProtoSources sources, CodecOptions options, LossinessLedger ledger) {
        this.sources = sources;
        this.options = options;
        this.ledger = ledger;
    }

    SchemaModel decode() throws SchemaSyntaxException {
        for (ProtoAst.File f : sources.files.values()) {
            String prefix = "";
            for (String part : f.pkg().isEmpty() ? new String[0] : f.pkg().split("\\.")) {
                prefix = prefix.isEmpty() ? part : prefix + "." + part;
                packages.add(prefix);
            }
            f.messages().forEach(m -> declare(m, f.pkg(), f.pkg(), f.name()));
            f.enums().forEach(e -> declare(e, f.pkg(), f.pkg(), f.name()));
        }
        List<Decl> included = included();
        assignModelNames(included);
        List<TypeDef> types = new ArrayList<>();
        List<TaxonomyDef> taxonomies = new ArrayList<>();
        for (Decl d : included) {
            if (d.message().isPresent()) {
                types.add(type(d, d.message().get()));
            } else {
                taxonomies.add(taxonomy(d, d.enumDecl().get()));
            }
        }
        for (String name : sources.requestFiles) {
            ProtoAst.File f = sources.files.get(name);
            f.services().forEach(s -> ledger.drop(s.where(), "Service '" + s.name() + "' (" + s.rpcs().size()
                    + " rpcs) is not part of a schema model."));
            f.extensions().forEach(x -> ledger.drop(x.where(), "Extension fields " + x.fields().stream()
                    .map(Field::name).toList() + " of '" + x.extendee() + "' are not part of a schema model."));
            customOptions(f.options(), "file " + (name.isEmpty() ? "" : name));
        }
        ProtoAst.File main = sources.files.get(sources.requestFiles.iterator().next());
        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put(ProtoKeys.SYNTAX, main.syntax());
        main.edition().ifPresent(e -> annotations.put(ProtoKeys.EDITION, e));
        if (!main.pkg().isEmpty()) {
            annotations.put(ProtoKeys.PACKAGE, main.pkg());
        }
        putOptions(annotations, main.options());
        String fallback = main.pkg().isEmpty() ? (main.name().isEmpty() ? "protobuf" : main.name()
                .replaceAll(".*/", "").replace(".proto", "")) : main.pkg();
        return SchemaModel.builder(options.get("name").orElse(fallback)).types(types).taxonomies(taxonomies)
                .provenance(Provenance.of(ProtobufCodec.FORMAT)).annotations(annotations).build();
    }

    private void declare(Message m, String scope, String pkg, String file) {
        String full = scope.isEmpty() ? m.name() : scope + "." + m.name();
        symbols.putIfAbsent(full, new Decl(full, pkg, file, Optional.of(m), Optional.empty()));
        m.messages().forEach(n -> declare(n, full, pkg, file));
        m.enums().forEach(e -> declare(e, full, pkg, file));
    }

    private void declare(EnumDecl e, String scope, String pkg, String file) {
        String full = scope.isEmpty() ? e.name() : scope + "." + e.name();
        symbols.putIfAbsent(full, new Decl(full, pkg, file, Optional.empty(), Optional.of(e)));
    }

    /** Declarations of request files, then those of imported files that request types use (not natives). */
    private List<Decl> included() throws SchemaSyntaxException {
        Map<String, Decl> out = new LinkedHashMap<>();
        symbols.values().stream().filter(d -> sources.requestFiles.contains(d.file()))
                .forEach(d -> out.put(d.fullName(), d));
        Deque<Decl> pending = new ArrayDeque<>(out.values());
        while (!pending.isEmpty()) {
            Decl d = pending.pop();
            if (d.message().isEmpty()) {
                continue;
            }
            for (Field f : d.message().get().fields()) {
                if (SCALARS.contains(f.type())) {
                    continue;
                }
                Decl target = resolve(f.type(), d.fullName(), f.where());
                if (WellKnownTypes.kind(target.fullName()).isEmpty() && !out.containsKey(target.fullName())) {
                    out.put(target.fullName(), target);
                    pending.push(target);
                }
            }
        }
        return new ArrayList<>(out.values());
    }

    /** Protobuf scoping: the first name part is looked up from the innermost scope outwards. */
    Decl resolve(String ref, String scope, String where) throws SchemaSyntaxException {
        if (ref.startsWith(".")) {
            Decl d = symbols.get(ref.substring(1));
            if (d != null) {
                return d;
            }
        } else {
            String first = ref.contains(".") ? ref.substring(0, ref.indexOf('.')) : ref;
            String rest = ref.substring(first.length());
            String s = scope;
            while (true) {
                String candidate = s.isEmpty() ? first : s + "." + first;
                if (symbols.containsKey(candidate) || packages.contains(candidate)) {
                    Decl d = symbols.get(candidate + rest);
                    if (d != null) {
                        return d;
                    }
                }
                if (s.isEmpty()) {
                    break;
                }
                s = s.contains(".") ? s.substring(0, s.lastIndexOf('.')) : "";
            }
        }
        throw new SchemaSyntaxException(where, "Type '" + ref + "' is not defined in this file, its imports or the"
                + " bundled well-known types (" + where + ").");
    }

    /** Names relative to the package ({@code Outer.Inner}); full names where two packages share one. */
    private void assignModelNames(List<Decl> included) {
        Map<String, Integer> count = new HashMap<>();
        included.forEach(d -> count.merge(relative(d), 1, Integer::sum));
        included.forEach(d -> modelNames.put(d.fullName(), count.get(relative(d)) > 1 ? d.fullName()
                : relative(d)));
    }

    private static String relative(Decl d) {
        return d.pkg().isEmpty() ? d.fullName() : d.fullName().substring(d.pkg().length() + 1);
    }

    private Provenance provenance(Decl d) {
        return new Provenance(ProtobufCodec.FORMAT, d.file().isEmpty() ? Optional.empty() : Optional.of(d.file()),
                Optional.of(d.fullName()));
    }

    private TypeDef type(Decl d, Message m) throws SchemaSyntaxException {
        List<ElementDef> elements = new ArrayList<>();
        for (Field f : m.fields()) {
            elements.add(element(d, f));
        }
        for (ProtoAst.Oneof o : m.oneofs()) {
            List<String> members = m.fields().stream().filter(f -> f.oneof().equals(Optional.of(o.name())))
                    .map(Field::name).toList();
            ledger.narrow(m.where(), "Oneof '" + o.name() + "' of '" + d.fullName() + "': at most one of " + members
                    + " is set; the model has separate optional elements (annotation " + ProtoKeys.ONEOF + ").");
            customOptions(o.options(), "oneof " + o.name());
        }
        m.extensions().forEach(x -> ledger.drop(x.where(), "Extension fields " + x.fields().stream()
                .map(Field::name).toList() + " of '" + x.extendee() + "' are not part of a schema model."));
        Map<String, String> annotations = new LinkedHashMap<>();
        if (!d.pkg().isEmpty()) {
            annotations.put(ProtoKeys.PACKAGE, d.pkg());
        }
        putOptions(annotations, m.options());
        customOptions(m.options(), m.where());
        putFileOptions(annotations, d);
        putList(annotations, ProtoKeys.RESERVED, numbersFirst(m.reserved()));
        putList(annotations, ProtoKeys.EXTENSIONS, m.extensionRanges());
        // package and numbers both as the model's fields and as annotations: the graph stores only the latter so far
        return new TypeDef(modelNames.get(d.fullName()), doc(m.doc()), List.of(), elements, false, Optional.empty(),
                provenance(d), annotations, Optional.of(d.pkg()).filter(p -> !p.isEmpty()), List.of());
    }

    private ElementDef element(Decl owner, Field f) throws SchemaSyntaxException {
        Map<String, String> annotations = new LinkedHashMap<>();
        annotations.put(ProtoKeys.NUMBER, String.valueOf(f.number()));
        if (!f.label().isEmpty()) {
            annotations.put(ProtoKeys.LABEL, f.label());
        }
        f.oneof().ifPresent(o -> annotations.put(ProtoKeys.ONEOF, o));
        f.mapKey().ifPresent(k -> annotations.put(ProtoKeys.MAP_KEY, k));
        if (f.group()) {
            annotations.put(ProtoKeys.GROUP, "true");
            ledger.approximate(f.where(), "Group '" + f.type() + "' becomes a message field '" + f.name()
                    + "' (its delimited wire encoding is protobuf's own).");
        }
        List<Option> fieldOptions = f.options().stream().filter(o -> !o.name().equals("default")).toList();
        putOptions(annotations, fieldOptions);
        customOptions(fieldOptions, f.where());
        boolean nullable = false;
        DataType type = valueType(f.type(), owner.fullName(), f.where());
        if (type instanceof DataType.Primitive p && p.nativeName().map(WellKnownTypes::isWrapper).orElse(false)) {
            nullable = true;
        }
        if (f.mapKey().isPresent()) {
            if (!f.mapKey().get().equals("string")) {
                ledger.approximate(f.where(), "Map '" + f.name() + "' has " + f.mapKey().get() + " keys; the model's"
                        + " maps have string keys (annotation " + ProtoKeys.MAP_KEY + " keeps the key type).");
            }
            type = new DataType.MapOf(type);
        }
        Cardinality cardinality = switch (f.label()) {
            case "repeated" -> Cardinality.ANY_NUMBER;
            case "required" -> Cardinality.REQUIRED;
            default -> Cardinality.OPTIONAL;
        };
        Optional<JsonNode> defaultValue = f.options().stream().filter(o -> o.name().equals("default")).findFirst()
                .map(o -> defaultValue(o, f.type()));
        return new ElementDef(f.name(), doc(f.doc()), type, cardinality, nullable, Constraints.NONE,
                Optional.empty(), defaultValue, List.of(), annotations, java.util.OptionalInt.of(f.number()));
    }

    private static JsonNode defaultValue(Option o, String type) {
        if (o.quoted()) {
            return TextNode.valueOf(o.value());
        }
        if (type.equals("bool")) {
            return BooleanNode.valueOf(o.value().equals("true"));
        }
        if (SCALARS.contains(type)) {
            try {
                return DecimalNode.valueOf(new BigDecimal(o.value().startsWith("0x") || o.value().startsWith("-0x")
                        ? String.valueOf(Long.decode(o.value())) : o.value()));
            } catch (NumberFormatException e) {
                return TextNode.valueOf(o.value()); // inf, -inf, nan
            }
        }
        return TextNode.valueOf(o.value());
    }

    private DataType valueType(String type, String scope, String where) throws SchemaSyntaxException {
        if (SCALARS.contains(type)) {
            PrimitiveKind kind = switch (type) {
                case "double", "float" -> PrimitiveKind.NUMBER;
                case "bool" -> PrimitiveKind.BOOLEAN;
                case "string" -> PrimitiveKind.STRING;
                case "bytes" -> PrimitiveKind.BINARY;
                default -> PrimitiveKind.INTEGER;
            };
            return new DataType.Primitive(kind, Optional.of(type));
        }
        Decl d = resolve(type, scope, where);
        Optional<PrimitiveKind> wellKnown = WellKnownTypes.kind(d.fullName());
        if (wellKnown.isPresent()) {
            return new DataType.Primitive(wellKnown.get(), Optional.of(d.fullName()));
        }
        return d.message().isPresent() ? new DataType.TypeRef(modelNames.get(d.fullName()))
                : new DataType.TaxonomyRef(modelNames.get(d.fullName()));
    }

    private TaxonomyDef taxonomy(Decl d, EnumDecl e) {
        List<Term> terms = new ArrayList<>();
        ObjectNode numbers = JSON.objectNode();
        ObjectNode valueOptions = JSON.objectNode();
        for (ProtoAst.EnumValue v : e.values()) {
            terms.add(new Term(v.name(), Optional.empty(), doc(v.doc()), Optional.empty()));
            numbers.put(v.name(), v.number());
            if (!v.options().isEmpty()) {
                valueOptions.set(v.name(), optionTexts(v.options()));
                customOptions(v.options(), e.where());
            }
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        if (!d.pkg().isEmpty()) {
            annotations.put(ProtoKeys.PACKAGE, d.pkg());
        }
        annotations.put(ProtoKeys.VALUES, numbers.toString());
        if (!valueOptions.isEmpty()) {
            annotations.put(ProtoKeys.VALUE_OPTIONS, valueOptions.toString());
        }
        putOptions(annotations, e.options());
        customOptions(e.options(), e.where());
        putFileOptions(annotations, d);
        putList(annotations, ProtoKeys.RESERVED, numbersFirst(e.reserved()));
        return new TaxonomyDef(modelNames.get(d.fullName()), doc(e.doc()), terms, Optional.empty(), provenance(d),
                annotations);
    }

    private void putFileOptions(Map<String, String> annotations, Decl d) {
        List<Option> fileOptions = sources.files.get(d.file()).options();
        if (!fileOptions.isEmpty()) {
            annotations.put(ProtoKeys.FILE_OPTIONS, optionTexts(fileOptions).toString());
        }
    }

    private void customOptions(List<Option> options, String where) {
        for (Option o : options) {
            if (o.custom()) {
                ledger.drop(o.where(), "Custom option " + o.name() + " is kept as text for protobuf only; what it"
                        + " means is not part of the model.");
            }
        }
    }

    private static void putOptions(Map<String, String> annotations, List<Option> options) {
        if (!options.isEmpty()) {
            annotations.put(ProtoKeys.OPTIONS, optionTexts(options).toString());
        }
    }

    static ArrayNode optionTexts(List<Option> options) {
        ArrayNode a = JSON.arrayNode();
        options.forEach(o -> a.add(o.name() + " = " + (o.quoted() ? ProtoParser.quote(o.value()) : o.value())));
        return a;
    }

    private static void putList(Map<String, String> annotations, String key, List<String> values) {
        if (!values.isEmpty()) {
            ArrayNode a = JSON.arrayNode();
            values.forEach(a::add);
            annotations.put(key, a.toString());
        }
    }

    /** Reserved numbers before reserved names, as the encoder writes them (two statements). */
    private static List<String> numbersFirst(List<String> reserved) {
        List<String> out = new ArrayList<>(reserved.stream().filter(r -> !r.startsWith("\"")).toList());
        out.addAll(reserved.stream().filter(r -> r.startsWith("\"")).toList());
        return out;
    }

    private static Optional<String> doc(String comment) {
        return comment.isBlank() ? Optional.empty() : Optional.of(comment);
    }
}
