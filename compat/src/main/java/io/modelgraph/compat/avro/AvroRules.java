package io.modelgraph.compat.avro;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.compat.ConsumerRules;
import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Matching;
import io.modelgraph.compat.Reading;
import io.modelgraph.compat.Severity;
import io.modelgraph.schema.TaxonomyDef;
import io.modelgraph.schema.TypeDef;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Avro's schema resolution (docs/compare.md "Avro"): can a reader holding one schema decode data written with the
 * other? From the writer's root and the reader's root down: records by unqualified name or reader alias, reader
 * fields by name or alias (a reader field the writer lacks needs a default), promotions int → long → float →
 * double and string ↔ bytes, writer union branches each readable, a reader union taking the writer's type in some
 * branch, enum symbols (a reader default covers the writer's unknown ones), fixed sizes. The verdict is the one
 * Avro 1.12's {@code SchemaCompatibility} gives; findings add what it does not report (ignored writer fields,
 * promotions, renames by alias) as INFO.
 */
public final class AvroRules implements ConsumerRules {
    public static final String CONSUMER = "avro";

    @Override
    public String consumer() {
        return CONSUMER;
    }

    @Override
    public List<Finding> check(Reading reading) {
        return new Check(reading).run();
    }

    /** A named reader type and writer type, by full name, walked quietly or reporting. */
    private record Pair(String reader, String writer, boolean report) {
    }

    /** Whether a pair reads: true while its walk is in progress, so a recursive type ends. */
    private static final class Verdict {
        private boolean ok = true;
    }

    /** One direction's walk; memoizes named pairs so recursive types end. */
    private static final class Check {
        private final Reading reading;
        private final AvroSchemas writer;
        private final AvroSchemas reader;
        private final List<Finding> findings = new ArrayList<>();
        /** Named pairs (reader, writer, reporting) and their verdicts. */
        private final Map<Pair, Verdict> pairs;

        Check(Reading reading) {
            this.reading = reading;
            // sized once: a changed copy of a large model pairs every definition
            this.pairs = new HashMap<>((reading.writer().types().size() + reading.writer().taxonomies().size())
                    * 4 / 3 + 1);
            this.writer = new AvroSchemas(reading.writer());
            this.reader = new AvroSchemas(reading.reader());
        }

        List<Finding> run() {
            compatible(reader.root(), writer.root(), "", "", true);
            return findings;
        }

        /**
         * Whether {@code r} reads {@code w}; records findings when {@code report} (a reader union tries its branches
         * quietly, then reports once).
         */
        private boolean compatible(JsonNode r, JsonNode w, String rp, String wp, boolean report) {
            String rt = kind(r, reader);
            String wt = kind(w, writer);
            if (rt.equals(wt)) {
                return switch (rt) {
                    case "array" -> compatible(r.get("items"), w.get("items"), rp, wp, report);
                    case "map" -> compatible(r.get("values"), w.get("values"), rp, wp, report);
                    case "union" -> {
                        boolean ok = true;
                        for (JsonNode branch : w) {
                            if (!compatible(r, branch, rp, wp, false)) {
                                ok = false;
                                if (report) {
                                    add("avro.missing-union-branch", Severity.ERROR, wp, rp, "The reader's union has"
                                            + " no branch for the writer's " + describe(branch));
                                }
                            }
                        }
                        yield ok;
                    }
                    case "record", "enum", "fixed" -> named(r, w, rp, wp, report);
                    default -> true;
                };
            }
            if (wt.equals("union")) {
                boolean ok = true;
                for (JsonNode branch : w) {
                    if (!compatible(r, branch, rp, wp, false)) {
                        ok = false;
                        if (report) {
                            add("avro.union-narrowed", Severity.ERROR, wp, rp, "The reader's " + describe(r)
                                    + " is not a union and cannot read the writer's branch " + describe(branch));
                        }
                    } else if (report) {
                        compatible(r, branch, rp, wp, true);
                    }
                }
                return ok;
            }
            if (rt.equals("union")) {
                for (JsonNode branch : r) {
                    if (!mayRead(branch, w)) {
                        continue;
                    }
                    if (compatible(branch, w, rp, wp, false)) {
                        if (report) {
                            compatible(branch, w, rp, wp, true);
                        }
                        return true;
                    }
                }
                if (report) {
                    add("avro.missing-union-branch", Severity.ERROR, wp, rp, "The reader's union " + describe(r)
                            + " has no branch for the writer's " + describe(w));
                }
                return false;
            }
            if (promotes(wt, rt)) {
                if (report) {
                    add("avro.promotion", Severity.INFO, wp, rp, "The writer's " + wt + " is promoted to the"
                            + " reader's " + rt);
                }
                return true;
            }
            if (report) {
                add("avro.type-mismatch", Severity.ERROR, wp, rp, "The reader's " + rt + " cannot read the writer's "
                        + wt);
            }
            return false;
        }

        /**
         * A cheap first look: a named reader type reads a named writer type only under the same unqualified name or
         * an alias, so a reader union of many records need not walk each one. Kinds and names are known without
         * the definitions; a reader's aliases are read only when the names differ.
         */
        private boolean mayRead(JsonNode r, JsonNode w) {
            if (!r.isTextual() || !w.isTextual()) {
                return true;
            }
            Optional<String> rf = reader.fullName(r.asText());
            Optional<String> wf = writer.fullName(w.asText());
            if (rf.isEmpty() || wf.isEmpty()) {
                return true;
            }
            if (!reader.kind(rf.get()).equals(writer.kind(wf.get()))) {
                return false;
            }
            return simpleName(rf.get()).equals(simpleName(wf.get())) || reader.named(rf.get()).orElseThrow()
                    .aliases().contains(wf.get());
        }

        private static String simpleName(String fullName) {
            return fullName.substring(fullName.lastIndexOf('.') + 1);
        }

        private boolean named(JsonNode r, JsonNode w, String rp, String wp, boolean report) {
            return named(r.asText(), w.asText(), report);
        }

        private boolean named(String r, String w, boolean report) {
            AvroSchemas.Def rd = reader.def(r);
            AvroSchemas.Def wd = writer.def(w);
            if (rd == null || wd == null) {
                return r.equals(w);
            }
            Pair key = new Pair(rd.fullName, wd.fullName, report);
            Verdict known = pairs.get(key);
            if (known != null) {
                return known.ok; // decided, or in progress (a recursive type): taken as readable meanwhile
            }
            Verdict v = new Verdict();
            pairs.put(key, v);
            Optional<Boolean> settled = alike(rd, wd, report);
            v.ok = settled.isPresent() ? settled.get()
                    : named(reader.named(rd.fullName).orElseThrow(), writer.named(wd.fullName).orElseThrow(), report);
            return v.ok;
        }

        /**
         * A pair whose model types the matching declares alike (same name, elements, annotations, namespace) is
         * written alike: the same fields with the same schemas, names and aliases, so nothing in it can fail or
         * be worth a finding. It reads the writer's data exactly when the named types it refers to do, which is
         * decided without writing either definition (docs/compare.md "Speed"). Empty when the pair is not alike.
         */
        private Optional<Boolean> alike(AvroSchemas.Def r, AvroSchemas.Def w, boolean report) {
            if (!r.fullName.equals(w.fullName)) {
                return Optional.empty();
            }
            Matching matching = reading.matching();
            if (w.type == null) {
                return w.taxonomy != null && r.taxonomy != null && matching.alike(w.taxonomy)
                        && matching.readerTaxonomyNamed(w.taxonomy.name()).orElse(null) == r.taxonomy
                        ? Optional.of(true) : Optional.empty();
            }
            if (r.type == null || !matching.alike(w.type) || matching.readerTypeNamed(w.type.name()).orElse(null)
                    != r.type) {
                return Optional.empty();
            }
            Set<String> refs = writer.references(w);
            if (!refs.equals(reader.references(r))) {
                return Optional.empty();
            }
            boolean ok = true;
            for (String ref : refs) {
                ok &= named(ref, ref, report);
            }
            return Optional.of(ok);
        }

        private boolean named(AvroSchemas.Named r, AvroSchemas.Named w, boolean report) {
            boolean ok = true;
            if (!r.simpleName().equals(w.simpleName())) {
                if (r.aliases().contains(w.fullName())) {
                    if (report) {
                        add("avro.renamed-by-alias", Severity.INFO, w.modelName(), r.modelName(), "'" + r.fullName()
                                + "' reads '" + w.fullName() + "' through its alias");
                    }
                } else {
                    if (report) {
                        add("avro.name-mismatch", Severity.ERROR, w.modelName(), r.modelName(), "The reader's '"
                                + r.fullName() + "' does not name the writer's '" + w.fullName() + "' (no alias)");
                    }
                    // the pair is already unreadable: walking its fields would only cost (a reader union of many
                    // records tries each branch against the writer's record)
                    return false;
                }
            } else if (!r.fullName().equals(w.fullName()) && report) {
                add("avro.namespace-changed", Severity.INFO, w.modelName(), r.modelName(), "Namespace of '"
                        + w.fullName() + "' became '" + r.fullName() + "'; resolution matches unqualified names");
            }
            if (r instanceof AvroSchemas.Record rr && w instanceof AvroSchemas.Record wr) {
                ok &= fields(rr, wr, report);
            } else if (r instanceof AvroSchemas.Enum re && w instanceof AvroSchemas.Enum we) {
                ok &= symbols(re, we, report);
            } else if (r instanceof AvroSchemas.Fixed rf && w instanceof AvroSchemas.Fixed wf && rf.size() != wf
                    .size()) {
                ok = false;
                if (report) {
                    add("avro.fixed-size-mismatch", Severity.ERROR, w.modelName(), r.modelName(), "Fixed '"
                            + r.fullName() + "' has size " + rf.size() + ", the writer's " + wf.size());
                }
            }
            return ok;
        }

        private boolean fields(AvroSchemas.Record r, AvroSchemas.Record w, boolean report) {
            boolean ok = true;
            Set<String> read = new java.util.HashSet<>();
            for (AvroSchemas.Field rf : r.fields()) {
                String rp = r.modelName() + "." + rf.modelName();
                List<AvroSchemas.Field> matches = new ArrayList<>();
                w.field(rf.name()).ifPresent(matches::add);
                for (String alias : rf.aliases()) {
                    w.field(alias).ifPresent(matches::add);
                }
                if (matches.isEmpty()) {
                    if (!rf.hasDefault()) {
                        ok = false;
                        if (report) {
                            add(reading.writerIsBase() ? "avro.field-added-without-default"
                                    : "avro.field-removed-without-default", Severity.ERROR, w.modelName(), rp,
                                    "The reader's field '" + rf.name() + "' is not in the writer's '" + w.fullName()
                                            + "' and has no default");
                        }
                    } else if (report) {
                        add(reading.writerIsBase() ? "avro.field-added-with-default"
                                : "avro.field-removed-with-default", Severity.INFO, w.modelName(), rp,
                                "The reader fills '" + rf.name() + "' with its default");
                    }
                    continue;
                }
                if (matches.size() > 1) {
                    ok = false;
                    if (report) {
                        add("avro.ambiguous-alias", Severity.ERROR, w.modelName(), rp, "The reader's field '"
                                + rf.name() + "' matches several writer fields by name and alias");
                    }
                    continue;
                }
                AvroSchemas.Field wf = matches.get(0);
                read.add(wf.name());
                String wp = w.modelName() + "." + wf.modelName();
                if (!wf.name().equals(rf.name()) && report) {
                    add("avro.field-renamed-by-alias", Severity.INFO, wp, rp, "'" + rf.name() + "' reads the writer's"
                            + " '" + wf.name() + "' through its alias");
                }
                ok &= compatible(rf.schema(), wf.schema(), rp, wp, report);
            }
            if (report) {
                for (AvroSchemas.Field wf : w.fields()) {
                    if (!read.contains(wf.name())) {
                        add(reading.writerIsBase() ? "avro.field-removed" : "avro.field-added", Severity.INFO,
                                w.modelName() + "." + wf.modelName(), r.modelName(), "The reader skips the writer's"
                                        + " field '" + wf.name() + "'");
                    }
                }
            }
            return ok;
        }

        private boolean symbols(AvroSchemas.Enum r, AvroSchemas.Enum w, boolean report) {
            Set<String> missing = new TreeSet<>(w.symbols());
            r.symbols().forEach(missing::remove);
            if (missing.isEmpty()) {
                return true;
            }
            boolean covered = r.defaultSymbol().filter(r.symbols()::contains).isPresent();
            if (report) {
                if (covered) {
                    add("avro.enum-symbols-to-default", Severity.INFO, w.modelName(), r.modelName(), "The writer's "
                            + missing + " read as the reader's default '" + r.defaultSymbol().get() + "'");
                } else {
                    add("avro.missing-enum-symbols", Severity.ERROR, w.modelName(), r.modelName(), "The reader's enum '"
                            + r.fullName() + "' lacks the writer's " + missing + " and has no default");
                }
            }
            return covered;
        }

        private static boolean promotes(String writer, String reader) {
            return switch (reader) {
                case "long" -> writer.equals("int");
                case "float" -> writer.equals("int") || writer.equals("long");
                case "double" -> writer.equals("int") || writer.equals("long") || writer.equals("float");
                case "bytes" -> writer.equals("string");
                case "string" -> writer.equals("bytes");
                default -> false;
            };
        }

        /** The Avro type of a reference-form schema: a primitive, array, map, union, record, enum or fixed. */
        private static String kind(JsonNode s, AvroSchemas in) {
            if (s == null) {
                return "null";
            }
            if (s.isArray()) {
                return "union";
            }
            if (s.isObject()) {
                String t = s.path("type").asText();
                return AvroSchemas.PRIMITIVES.contains(t) || t.equals("array") || t.equals("map") ? t
                        : kind(s.get("type"), in);
            }
            String name = s.asText();
            if (AvroSchemas.PRIMITIVES.contains(name)) {
                return name;
            }
            return in.fullName(name).map(in::kind).orElse("record");
        }

        private static String describe(JsonNode s) {
            return s.isTextual() ? s.asText() : s.toString();
        }

        private void add(String rule, Severity severity, String writerPath, String readerPath, String message) {
            findings.add(reading.finding(rule, severity, writerPath, readerPath, message));
        }
    }
}
