package io.modelgraph.codec.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.Cardinality;
import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.DataType;
import io.modelgraph.schema.ElementDef;
import io.modelgraph.schema.KeyDef;
import io.modelgraph.schema.PrimitiveKind;
import io.modelgraph.schema.Provenance;
import io.modelgraph.schema.Relationship;
import io.modelgraph.schema.SchemaModel;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.Term;
import io.modelgraph.schema.TypeDef;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns what the reader collected into the canonical model: tables → types (schema or dataset as namespace),
 * columns → elements, keys, foreign keys → relationships, enums and {@code IN} checks → taxonomies.
 */
final class SqlDecoding {
    static final String FORMAT = "sql";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Pattern COMPARISON = Pattern.compile(
            "^\\(?\\s*[\"`\\[]?(\\w+)[\"`\\]]?\\s*(>=|<=|>|<)\\s*(-?\\d+(?:\\.\\d+)?)\\s*\\)?$");
    private static final Pattern BETWEEN = Pattern.compile(
            "^\\(?\\s*[\"`\\[]?(\\w+)[\"`\\]]?\\s+BETWEEN\\s+(-?\\d+(?:\\.\\d+)?)\\s+AND\\s+(-?\\d+(?:\\.\\d+)?)\\s*\\)?$",
            Pattern.CASE_INSENSITIVE);

    private final Parsed.Script script;
    private final LossinessLedger ledger;
    private final Map<Parsed.Table, String> typeNames = new HashMap<>();
    private final Map<String, TaxonomyDef> taxonomies = new LinkedHashMap<>();

    SqlDecoding(Parsed.Script script, LossinessLedger ledger) {
        this.script = script;
        this.ledger = ledger;
    }

    SchemaModel decode(String modelName, Optional<Vendor> vendor) {
        Map<String, Integer> seen = new HashMap<>();
        script.tables.values().forEach(t -> seen.merge(t.name.toLowerCase(Locale.ROOT), 1, Integer::sum));
        for (Parsed.Table t : script.tables.values()) {
            // a name used in two schemas keeps its schema in the type name, so both survive
            typeNames.put(t, seen.get(t.name.toLowerCase(Locale.ROOT)) > 1 ? t.qualified() : t.name);
        }
        for (Parsed.Enum e : script.enums.values()) {
            // a named enum type (PostgreSQL CREATE TYPE … AS ENUM) is written back as one, not per column
            taxonomies.put(e.name().toLowerCase(Locale.ROOT), taxonomy(e.name(), e.values())
                    .toBuilder().annotations(Map.of(DdlWriter.ENUM_TYPE, "true")).build());
        }
        List<TypeDef> types = new ArrayList<>();
        List<Relationship> relationships = new ArrayList<>();
        for (Parsed.Table t : script.tables.values()) {
            types.add(type(t));
            for (Parsed.ForeignKey fk : t.foreignKeys) {
                relationship(t, fk).ifPresent(relationships::add);
            }
        }
        Map<String, String> annotations = vendor.map(v -> Map.of(SqlKeys.VENDOR, v.key())).orElse(Map.of());
        return new SchemaModel(modelName, Optional.empty(), types, new ArrayList<>(taxonomies.values()), Map.of(),
                Provenance.of(FORMAT), annotations, Optional.empty(), Optional.empty(), relationships);
    }

    private TypeDef type(Parsed.Table t) {
        List<ElementDef> elements = new ArrayList<>();
        // a table CHECK on one column alone reads like a column CHECK; grouped once, so that many columns and many
        // checks are matched in linear time
        Map<String, List<Parsed.Check>> checksByColumn = new HashMap<>();
        List<Parsed.Check> tableChecks = new ArrayList<>();
        for (Parsed.Check k : t.checks) {
            Optional<Parsed.Column> only = singleColumn(k.expression()).flatMap(t::column);
            if (only.isPresent()) {
                checksByColumn.computeIfAbsent(fold(only.get().name), n -> new ArrayList<>()).add(k);
            } else {
                tableChecks.add(k);
            }
        }
        Set<String> keyColumns = t.primaryKey.map(k -> k.columns().stream().map(SqlDecoding::fold)
                .collect(Collectors.toSet())).orElse(Set.of());
        for (Parsed.Column c : t.columns()) {
            List<Parsed.Check> checks = new ArrayList<>(c.checks);
            checks.addAll(checksByColumn.getOrDefault(fold(c.name), List.of()));
            elements.add(element(t, c, checks, keyColumns.contains(fold(c.name))));
        }
        List<KeyDef> keys = new ArrayList<>();
        t.primaryKey.filter(k -> present(t, k.columns(), "primary key"))
                .ifPresent(k -> keys.add(new KeyDef(KeyDef.Kind.PRIMARY, k.name(), columns(t, k.columns()))));
        for (Parsed.Key k : t.uniques) {
            if (present(t, k.columns(), "unique key")) {
                keys.add(new KeyDef(KeyDef.Kind.UNIQUE, k.name(), columns(t, k.columns())));
            }
        }
        Map<String, String> annotations = new LinkedHashMap<>(t.annotations);
        for (int i = 0; i < tableChecks.size(); i++) {
            Parsed.Check k = tableChecks.get(i);
            annotations.put(SqlKeys.CHECK_PREFIX + (i + 1), k.name().map(n -> n + ": ").orElse("") + k.expression());
            ledger.relax(k.where(), "Table " + t.qualified() + ": CHECK (" + k.expression()
                    + ") has no canonical form; kept as annotation sql.check." + (i + 1) + " for SQL output only.");
        }
        List<String> supertypes = new ArrayList<>();
        for (String parent : t.inherits) {
            Optional<Parsed.Table> p = script.table(Optional.empty(), parent);
            if (p.isPresent()) {
                supertypes.add(typeNames.get(p.get()));
            } else {
                ledger.drop(t.where, "Table " + t.qualified() + " inherits " + parent
                        + ", which this script does not declare; not carried.");
            }
        }
        return new TypeDef(typeNames.get(t), t.comment, supertypes, elements, false, Optional.empty(),
                Provenance.of(FORMAT), annotations, t.namespace, keys);
    }

    /** A key over a column the table does not have is refused by every engine: ledgered, not carried. */
    private boolean present(Parsed.Table t, List<String> names, String what) {
        List<String> missing = names.stream().filter(n -> t.column(n).isEmpty()).toList();
        if (!missing.isEmpty()) {
            ledger.drop(t.where, "Table " + t.qualified() + ": " + what + " names columns " + missing
                    + " the table does not have; not carried.");
        }
        return missing.isEmpty();
    }

    private List<String> columns(Parsed.Table t, List<String> names) {
        return names.stream().map(n -> t.column(n).map(c -> c.name).orElse(n)).toList();
    }

    private static String fold(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    private ElementDef element(Parsed.Table t, Parsed.Column c, List<Parsed.Check> checks, boolean inKey) {
        String path = t.qualified() + "." + c.name;
        Map<String, String> annotations = new LinkedHashMap<>();
        DataType type;
        Constraints constraints = Constraints.NONE;
        boolean many = false;
        if (c.type.isEmpty()) {
            type = c.generated.isPresent() ? new DataType.Primitive(PrimitiveKind.ANY)
                    : new DataType.Primitive(PrimitiveKind.ANY);
            ledger.approximate(c.where, "Column " + path + " declares no type; read as any.");
        } else {
            Parsed.SqlType st = c.type.get();
            many = st.array();
            Parsed.SqlType scalar = st;
            if (st.elementType().isPresent()) {
                String inner = st.elementType().get().trim();
                String base = inner.replaceAll("[(<].*", "").trim().toUpperCase(Locale.ROOT);
                scalar = new Parsed.SqlType(base, List.of(), false, Optional.empty(), inner);
            }
            Optional<String> native_ = Optional.of(st.written());
            Optional<TypeMapping.Canonical> canonical = TypeMapping.decode(scalar);
            Parsed.Enum userEnum = script.enums.get(scalar.base().toLowerCase(Locale.ROOT));
            if (scalar.base().equals("ENUM") || (scalar.base().equals("SET") && !scalar.args().isEmpty())) {
                String name = typeNames.get(t) + "_" + c.name;
                taxonomies.put(name.toLowerCase(Locale.ROOT), taxonomy(name, scalar.args()));
                type = new DataType.TaxonomyRef(name);
                if (scalar.base().equals("SET")) {
                    many = true;
                    ledger.approximate(c.where, "Column " + path + ": SET read as many values of a taxonomy.");
                }
                annotations.put(SqlKeys.TYPE, st.written());
            } else if (userEnum != null) {
                type = new DataType.TaxonomyRef(taxonomies.get(userEnum.name().toLowerCase(Locale.ROOT)).name());
                annotations.put(SqlKeys.TYPE, st.written());
            } else if (canonical.isPresent()) {
                type = new DataType.Primitive(canonical.get().kind(), native_);
                constraints = canonical.get().constraints();
                if (canonical.get().approximate()) {
                    ledger.approximate(c.where, "Column " + path + ": " + st.written() + " read as "
                            + canonical.get().kind().name().toLowerCase(Locale.ROOT) + ".");
                }
                if (canonical.get().autoIncrement() && c.identity.isEmpty()) {
                    annotations.put(SqlKeys.IDENTITY, scalar.base().toLowerCase(Locale.ROOT));
                }
            } else {
                type = new DataType.Primitive(PrimitiveKind.ANY, native_);
                ledger.approximate(c.where, "Column " + path + ": type " + st.written()
                        + " is not a built-in type of the dialects (a domain or user type); read as any.");
            }
            if (st.base().equals("STRUCT") || scalar.base().equals("STRUCT")) {
                ledger.approximate(c.where, "Column " + path + ": STRUCT fields are not broken out; read as any.");
            }
        }
        String ruleName = script.boundRules.get((t.name + "." + c.name).toLowerCase(Locale.ROOT));
        Parsed.Enum rule = ruleName == null ? null : script.rules.get(ruleName);
        if (rule != null && !many) {
            // SQL Server: a rule of allowed values bound to the column is its enumeration
            TaxonomyDef x = taxonomies.computeIfAbsent("rule " + ruleName, k -> taxonomy(rule.name(), rule.values()));
            type = new DataType.TaxonomyRef(x.name());
            c.type.ifPresent(st -> annotations.put(SqlKeys.TYPE, st.written()));
            ledger.approximate(c.where, "Column " + path + ": rule " + rule.name() + " (sp_bindrule) is read as the "
                    + "allowed values of taxonomy " + x.name() + "; it is written back as a CHECK on the column.");
        }
        c.identity.ifPresent(i -> annotations.put(SqlKeys.IDENTITY, i));
        c.generated.ifPresent(g -> annotations.put(SqlKeys.GENERATED, g));
        Optional<JsonNode> defaultValue = Optional.empty();
        if (c.defaultExpression.isPresent() && c.defaultExpression.get().toLowerCase(Locale.ROOT)
                .startsWith("nextval")) {
            // a sequence-fed default is how PostgreSQL dumps write an identity column
            annotations.putIfAbsent(SqlKeys.IDENTITY, "sequence");
        } else if (c.defaultExpression.isPresent()) {
            defaultValue = literal(c.defaultExpression.get());
            if (type instanceof DataType.Primitive p && p.kind() == PrimitiveKind.BOOLEAN && defaultValue.filter(
                    v -> v.isIntegralNumber() && (v.asInt() == 0 || v.asInt() == 1)).isPresent()) {
                // BIT DEFAULT 0 (SQL Server), BOOLEAN DEFAULT 1 (SQLite): the engine's false and true
                defaultValue = Optional.of(JSON.booleanNode(defaultValue.get().asInt() == 1));
            }
            if (defaultValue.isEmpty() && !c.defaultExpression.get().equalsIgnoreCase("NULL")) {
                annotations.put(SqlKeys.DEFAULT, c.defaultExpression.get());
            }
        }
        List<String> unmapped = new ArrayList<>();
        for (Parsed.Check k : checks) {
            Optional<Constraints> mapped = checkConstraint(k.expression(), constraints);
            Optional<List<String>> inList = inList(k.expression());
            if (mapped.isPresent()) {
                constraints = mapped.get();
            } else if (inList.isPresent() && type instanceof DataType.Primitive p
                    && p.kind() == PrimitiveKind.STRING) {
                String name = typeNames.get(t) + "_" + c.name;
                taxonomies.put(name.toLowerCase(Locale.ROOT), taxonomy(name, inList.get()));
                type = new DataType.TaxonomyRef(name);
                annotations.put(SqlKeys.TYPE, c.type.map(Parsed.SqlType::written).orElse(""));
            } else {
                unmapped.add(k.expression());
                ledger.relax(k.where(), "Column " + path + ": CHECK (" + k.expression()
                        + ") has no canonical form; kept as annotation sql.check for SQL output only.");
            }
        }
        if (!unmapped.isEmpty()) {
            annotations.put(SqlKeys.CHECK, String.join(" AND ", unmapped.stream().map(e -> "(" + e + ")").toList()));
        }
        Cardinality cardinality = many ? Cardinality.ANY_NUMBER
                : (c.notNull || inKey || annotations.containsKey(SqlKeys.IDENTITY)) ? Cardinality.REQUIRED
                        : Cardinality.OPTIONAL;
        return ElementDef.builder(c.name).description(c.comment).type(type).cardinality(cardinality)
                .constraints(constraints).defaultValue(defaultValue).annotations(annotations).build();
    }

    private Optional<Relationship> relationship(Parsed.Table t, Parsed.ForeignKey fk) {
        Optional<Parsed.Table> target = script.table(fk.refNamespace(), fk.refTable());
        String from = t.qualified() + "(" + String.join(", ", fk.columns()) + ")";
        if (target.isEmpty()) {
            ledger.drop(fk.where(), "Foreign key " + from + " refers to " + fk.refTable()
                    + ", which this script does not declare; not carried.");
            return Optional.empty();
        }
        if (!present(t, fk.columns(), "foreign key")) {
            return Optional.empty();
        }
        List<String> toColumns = fk.refColumns().isEmpty()
                ? target.get().primaryKey.map(Parsed.Key::columns).orElse(List.of()) : fk.refColumns();
        if (toColumns.size() != fk.columns().size() || !present(target.get(), toColumns, "referenced key")) {
            ledger.drop(fk.where(), "Foreign key " + from + " does not name as many columns in " + fk.refTable()
                    + " as it has; not carried.");
            return Optional.empty();
        }
        boolean required = fk.columns().stream().allMatch(n -> t.column(n).map(c -> c.notNull).orElse(false));
        Map<String, String> annotations = new LinkedHashMap<>();
        fk.onDelete().ifPresent(a -> annotations.put(SqlKeys.ON_DELETE, a));
        fk.onUpdate().ifPresent(a -> annotations.put(SqlKeys.ON_UPDATE, a));
        return Optional.of(new Relationship(fk.name(), typeNames.get(t), columns(t, fk.columns()),
                typeNames.get(target.get()), columns(target.get(), toColumns), Cardinality.ANY_NUMBER,
                required ? Cardinality.REQUIRED : Cardinality.OPTIONAL, annotations));
    }

    private static TaxonomyDef taxonomy(String name, List<String> values) {
        return new TaxonomyDef(name, Optional.empty(), values.stream().map(Term::of).toList(), Optional.empty(),
                Provenance.of(FORMAT), Map.of());
    }

    /** A DEFAULT that is a plain literal becomes the element's default; anything else stays SQL text. */
    static Optional<JsonNode> literal(String expression) {
        // 'x'::character varying and 'G'::mpaa_rating are literals with a cast
        String e = expression.trim().replaceAll("(?i)::\\s*[\\w. ]+(\\([^)]*\\))?(\\[\\])?$", "").trim();
        while (e.startsWith("(") && e.endsWith(")")) {
            e = e.substring(1, e.length() - 1).trim();
        }
        // a signed number comes as the sign and the number, tokens the reader joins with a space ("- 1")
        e = e.replaceFirst("^\\+\\s*(?=[\\d.])", "").replaceFirst("^-\\s+(?=[\\d.])", "-");
        if (e.matches("-?\\d+")) {
            return Optional.of(JSON.numberNode(new java.math.BigInteger(e)));
        }
        if (e.matches("-?\\d*\\.\\d+([eE][-+]?\\d+)?|-?\\d+[eE][-+]?\\d+")) {
            return Optional.of(JSON.numberNode(new BigDecimal(e)));
        }
        if (e.equalsIgnoreCase("TRUE") || e.equalsIgnoreCase("FALSE")) {
            return Optional.of(JSON.booleanNode(e.equalsIgnoreCase("TRUE")));
        }
        if (e.startsWith("'") && e.endsWith("'") && e.length() >= 2 && !e.substring(1, e.length() - 1)
                .replace("''", "").contains("'")) {
            return Optional.of(JSON.textNode(e.substring(1, e.length() - 1).replace("''", "'")));
        }
        return Optional.empty();
    }

    private static Optional<String> singleColumn(String expression) {
        for (Pattern p : List.of(COMPARISON, BETWEEN)) {
            Matcher m = p.matcher(expression.trim());
            if (m.matches()) {
                return Optional.of(m.group(1));
            }
        }
        return InListCheck.parse(expression).map(InListCheck::column);
    }

    private static Optional<Constraints> checkConstraint(String expression, Constraints base) {
        Matcher m = COMPARISON.matcher(expression.trim());
        if (m.matches()) {
            BigDecimal v = new BigDecimal(m.group(3));
            return Optional.of(switch (m.group(2)) {
                case ">=" -> base.toBuilder().minimum(v).maximum(base.maximum().orElse(null)).build();
                case "<=" -> base.toBuilder().minimum(base.minimum().orElse(null)).maximum(v).build();
                case ">" -> base.toBuilder().exclusiveMinimum(v).exclusiveMaximum(base.exclusiveMaximum().orElse(null))
                        .build();
                default -> base.toBuilder().exclusiveMinimum(base.exclusiveMinimum().orElse(null)).exclusiveMaximum(v)
                        .build();
            });
        }
        Matcher b = BETWEEN.matcher(expression.trim());
        if (b.matches()) {
            return Optional.of(base.toBuilder().minimum(new BigDecimal(b.group(2))).maximum(new BigDecimal(b.group(3)))
                    .build());
        }
        return Optional.empty();
    }

    private static Optional<List<String>> inList(String expression) {
        return InListCheck.parse(expression).map(InListCheck::values);
    }
}
