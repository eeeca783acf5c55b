package io.modelgraph.http;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Query parameters as the caller sent them, repeated names kept in order. Names are matched
 * case-insensitively: integrators send both {@code NodeId} and {@code nodeId}.
 */
public final class QueryParams {
    private final Map<String, List<String>> values;
    /** Lower-cased name to the caller's first spelling, so errors quote what was sent. */
    private final Map<String, String> spellings;

    /** The first parameter whose name or value is not percent-encoded UTF-8 (the edge check refuses it). */
    private final Optional<String> invalidEncoding;

    private QueryParams(Map<String, List<String>> values, Map<String, String> spellings,
            Optional<String> invalidEncoding) {
        this.values = values;
        this.spellings = spellings;
        this.invalidEncoding = invalidEncoding;
    }

    public static QueryParams empty() {
        return new QueryParams(Map.of(), Map.of(), Optional.empty());
    }

    /**
     * Parses the raw query string; payload 2.0 joins repeated values with commas in
     * {@code queryStringParameters}, so the raw string is the only faithful source.
     */
    public static QueryParams parse(String rawQuery, Map<String, String> fallback) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        Map<String, String> spellings = new LinkedHashMap<>();
        String invalid = null;
        if (rawQuery != null && !rawQuery.isEmpty()) {
            for (String pair : rawQuery.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                Optional<String> rawName = PercentDecoding.query(eq < 0 ? pair : pair.substring(0, eq));
                Optional<String> rawValue = eq < 0 ? Optional.of("") : PercentDecoding.query(pair.substring(eq + 1));
                if ((rawName.isEmpty() || rawValue.isEmpty()) && invalid == null) {
                    invalid = rawName.orElse(eq < 0 ? pair : pair.substring(0, eq));
                }
                String name = rawName.orElse(eq < 0 ? pair : pair.substring(0, eq));
                String value = rawValue.orElse("");
                values.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(value);
                spellings.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
            }
        } else if (fallback != null) {
            fallback.forEach((name, value) -> {
                values.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(value);
                spellings.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
            });
        }
        values.replaceAll((k, v) -> Collections.unmodifiableList(v));
        return new QueryParams(Collections.unmodifiableMap(values), Collections.unmodifiableMap(spellings),
                Optional.ofNullable(invalid));
    }

    /** The first parameter (as sent) whose name or value is not percent-encoded UTF-8. */
    public Optional<String> invalidEncoding() {
        return invalidEncoding;
    }

    /** A query string for a parameter map (events without a raw query string, such as hand-written ones). */
    static String rawOf(Map<String, String> parameters) {
        if (parameters == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        parameters.forEach((name, value) -> out.append(out.length() == 0 ? "" : "&")
                .append(java.net.URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=')
                .append(java.net.URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return out.toString();
    }

    public Optional<String> first(String name) {
        List<String> list = values.get(name.toLowerCase(Locale.ROOT));
        return list == null || list.isEmpty() ? Optional.empty() : Optional.of(list.get(0));
    }

    public List<String> all(String name) {
        return values.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    public boolean has(String name) {
        return values.containsKey(name.toLowerCase(Locale.ROOT));
    }

    /** The names as the caller spelled them (first spelling of each), in order. */
    public List<String> names() {
        return List.copyOf(spellings.values());
    }

    public Map<String, List<String>> asMap() {
        return values;
    }
}
