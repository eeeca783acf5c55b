package io.modelgraph.http;

import io.modelgraph.api.ApiProblem;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Refuses names a route does not know (a misspelled query parameter or body member), naming the offender and,
 * when one is close, the name the caller probably meant. An ignored misspelling can write what the caller
 * asked not to (a {@code dry_run} that is not a dry run), so nothing unknown is ever skipped silently.
 */
public final class KnownNames {

    /**
     * Throws a 400 at {@code pathPrefix + name} for the first of {@code given} that is not in {@code known}
     * (compared case-insensitively, as every input name is). {@code kind} is "query parameter" or "member".
     */
    public static void requireKnown(Collection<String> given, Collection<String> known, String pathPrefix,
            String kind) {
        requireKnown(given.iterator(), known, () -> pathPrefix, kind);
    }

    /** As above, with the prefix built only for the error. */
    private static void requireKnown(java.util.Iterator<String> given, Collection<String> known,
            java.util.function.Supplier<String> pathPrefix, String kind) {
        while (given.hasNext()) {
            String name = given.next();
            if (!isKnown(name, known)) {
                throw ApiProblem.badRequest(pathPrefix.get() + name, unknownMessage(name, known, kind));
            }
        }
    }

    public static String unknownMessage(String name, Collection<String> known, String kind) {
        StringBuilder m = new StringBuilder("Unknown ").append(kind).append(" '").append(name).append("'");
        closest(name, known).ifPresent(c -> m.append(": did you mean `").append(c).append("`?"));
        if (!m.toString().endsWith("?")) {
            m.append('.');
        }
        if (known.isEmpty()) {
            m.append(" This route takes no ").append(kind).append("s.");
        } else {
            m.append(" Accepted: ").append(String.join(", ", known)).append('.');
        }
        m.append(" Nothing was done.");
        return m.toString();
    }

    /**
     * The known name closest to {@code name}: same letters ignoring case, {@code _} and {@code -}, or within a
     * small edit distance (1 for short names, 2 otherwise) of that normalised form.
     */
    public static Optional<String> closest(String name, Collection<String> known) {
        String n = normalise(name);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(n, normalise(k));
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        int allowed = n.length() <= 4 ? 1 : 2;
        return best != null && bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    private static String normalise(String s) {
        return s.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "").replace(" ", "");
    }

    /**
     * Edit distance where swapping two neighbouring letters is one edit ({@code nmae} → {@code name}), the
     * commonest typo; names are short, so the quadratic table is fine.
     */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** The members of {@code body} must all be in {@code known}; used for nested objects the services read. */
    public static void requireKnownMembers(Body body, List<String> known) {
        // no list or path is built for a body whose members are all known (bulkCreate checks 30,000 entries)
        requireKnown(body.node().fieldNames(), known, () -> body.path().isEmpty() ? "" : body.path() + ".", "member");
    }

    private static boolean isKnown(String name, Collection<String> known) {
        for (String k : known) {
            if (k.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    private KnownNames() {
    }
}
