package io.modelgraph.compat;

import io.modelgraph.schema.SchemaModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Will a change from {@code base} to {@code candidate} break the readers of each consumer format
 * (docs/compare.md)? The base and candidate are matched once per direction; each consumer's {@link ConsumerRules}
 * then run over that shared matching once per direction the {@link Mode} asks for, and consumers whose rules are
 * one rule set (every format without rules of its own gets {@link StructuralRules}) share one run. Stateless and
 * thread-safe.
 */
public final class Compatibility {
    private static final Map<String, ConsumerRules> RULES = load();

    private Compatibility() {
    }

    private static Map<String, ConsumerRules> load() {
        Map<String, ConsumerRules> rules = new LinkedHashMap<>();
        for (ConsumerRules r : BuiltInRules.all()) {
            rules.put(r.consumer(), r);
        }
        ServiceLoader.load(ConsumerRules.class, Compatibility.class.getClassLoader())
                .forEach(r -> rules.putIfAbsent(r.consumer(), r));
        return Map.copyOf(rules);
    }

    /** The consumer formats with rules of their own; every other consumer key gets the structural rules. */
    public static Set<String> consumersWithOwnRules() {
        return new java.util.TreeSet<>(RULES.keySet());
    }

    /** The rules a consumer format is checked with. */
    public static ConsumerRules rulesFor(String consumer) {
        ConsumerRules own = RULES.get(consumer);
        return own != null ? own : new StructuralRules(consumer);
    }

    /**
     * Compares {@code candidate} with {@code base} for each consumer format key in {@code consumers} (in order,
     * duplicates once). An empty list means the candidate's own format (its provenance), else the structural
     * rules under the key {@code model}.
     *
     * @throws IllegalArgumentException when a consumer key is blank
     */
    public static CompareReport compare(SchemaModel base, SchemaModel candidate, Mode mode, List<String> consumers) {
        return compare(base, candidate, mode, consumers, CompareOptions.DEFAULTS);
    }

    /**
     * As {@link #compare(SchemaModel, SchemaModel, Mode, List)}, reading what the schemas leave open as
     * {@code options} say; the report echoes them.
     *
     * @throws IllegalArgumentException when a consumer key is blank
     */
    public static CompareReport compare(SchemaModel base, SchemaModel candidate, Mode mode, List<String> consumers,
            CompareOptions options) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(mode, "mode");
        Set<String> keys = new LinkedHashSet<>();
        for (String c : consumers) {
            if (c == null || c.isBlank()) {
                throw new IllegalArgumentException("A consumer format key is blank");
            }
            keys.add(c.trim());
        }
        if (keys.isEmpty()) {
            String own = candidate.provenance().format();
            keys.add(own.isEmpty() ? "model" : own);
        }
        // one matching per direction, shared by every consumer's rules and the changelog
        Matching backward = new Matching(base, candidate);
        Matching forward = mode.checksForward() ? new Matching(candidate, base) : null;
        Map<String, List<Finding>> byRuleSet = new HashMap<>();
        List<ConsumerVerdict> verdicts = new ArrayList<>();
        for (String key : keys) {
            ConsumerRules rules = rulesFor(key);
            List<Finding> shared = byRuleSet.get(rules.ruleSet());
            if (shared != null) {
                verdicts.add(ConsumerVerdict.of(key, shared.stream().map(f -> new Finding(f.rule(), f.severity(),
                        key, f.basePath(), f.candidatePath(), f.message())).toList()));
                continue;
            }
            List<Finding> findings = new ArrayList<>();
            if (mode.checksBackward()) {
                findings.addAll(rules.check(new Reading(backward, base, candidate, true, key, options)));
            }
            if (forward != null) {
                findings.addAll(rules.check(new Reading(forward, candidate, base, false, key, options)));
            }
            List<Finding> distinct = distinct(findings);
            byRuleSet.put(rules.ruleSet(), distinct);
            verdicts.add(ConsumerVerdict.of(key, distinct));
        }
        return new CompareReport(mode, options, verdicts, Changelog.of(candidate, backward));
    }

    /** FULL checks both directions; a finding both report at the same places counts once. */
    private static List<Finding> distinct(List<Finding> findings) {
        Set<List<String>> seen = new HashSet<>();
        List<Finding> out = new ArrayList<>();
        for (Finding f : findings) {
            if (seen.add(List.of(f.rule(), f.basePath(), f.candidatePath()))) {
                out.add(f);
            }
        }
        return out;
    }
}
