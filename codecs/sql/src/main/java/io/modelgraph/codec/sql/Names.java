package io.modelgraph.codec.sql;

import io.modelgraph.ledger.LossinessLedger;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * The identifiers one script writes. A model's name is written as it is unless the dialect cannot store it: longer
 * than the dialect's limit (PostgreSQL would silently cut it at 63 bytes, the others refuse it), or equal, in a
 * dialect that ignores case there, to a name already written in the same scope (SQLite's {@code PREFIX} and
 * {@code prefix}). Such a name is shortened and given a suffix from a hash of the original, unique in its scope,
 * and the ledger names original and written name. The same original in the same scope is always written the same
 * way, so keys and comments that name a column agree with its definition.
 */
final class Names {
    /** What a name names: limits and case rules differ between them in some dialects. */
    enum Kind {
        SCHEMA, TABLE, COLUMN, CONSTRAINT
    }

    /** How a dialect measures a name's length. */
    enum Measure {
        UTF8_BYTES, CHARACTERS, UTF16_UNITS
    }

    /** A dialect's longest name of one kind; {@code max} 0 means no limit. */
    record Limit(int max, Measure measure) {
        boolean fits(String name) {
            return max == 0 || length(name) <= max;
        }

        int length(String name) {
            return switch (measure) {
                case UTF8_BYTES -> name.getBytes(StandardCharsets.UTF_8).length;
                case CHARACTERS -> name.codePointCount(0, name.length());
                case UTF16_UNITS -> name.length();
            };
        }

        String describe() {
            return max + (measure == Measure.UTF8_BYTES ? " bytes" : " characters");
        }
    }

    /**
     * PostgreSQL: NAMEDATALEN - 1 = 63 bytes. MySQL: 64 characters. SQL Server: sysname, 128 UTF-16 units.
     * Oracle (12.2 and later): 128 bytes. Snowflake: 255 characters. BigQuery: columns 300 characters, tables
     * 1,024 bytes, datasets 1,024 characters. SQLite: no limit.
     */
    static Limit limit(Vendor vendor, Kind kind) {
        return switch (vendor) {
            case POSTGRES -> new Limit(63, Measure.UTF8_BYTES);
            case MYSQL -> new Limit(64, Measure.CHARACTERS);
            case SQLSERVER -> new Limit(128, Measure.UTF16_UNITS);
            case ORACLE -> new Limit(128, Measure.UTF8_BYTES);
            case SNOWFLAKE -> new Limit(255, Measure.CHARACTERS);
            case BIGQUERY -> switch (kind) {
                case COLUMN -> new Limit(300, Measure.CHARACTERS);
                case TABLE -> new Limit(1024, Measure.UTF8_BYTES);
                default -> new Limit(1024, Measure.CHARACTERS);
            };
            case SQLITE -> new Limit(0, Measure.CHARACTERS);
        };
    }

    /**
     * Whether the dialect tells two names apart only by case, even quoted: SQLite (ASCII letters), SQL Server
     * (under its default case-insensitive collation), MySQL for columns (and tables wherever
     * {@code lower_case_table_names} is set, as on Windows and macOS), BigQuery for columns. PostgreSQL, Oracle and
     * Snowflake keep a quoted name's case, and the writer quotes every name whose case they would fold.
     */
    static boolean ignoresCase(Vendor vendor, Kind kind) {
        return switch (vendor) {
            case SQLITE, SQLSERVER, MYSQL -> true;
            case BIGQUERY -> kind == Kind.COLUMN;
            default -> false;
        };
    }

    private final Vendor vendor;
    private final LossinessLedger ledger;
    private final Map<String, Map<String, String>> written = new HashMap<>();
    private final Map<String, Set<String>> taken = new HashMap<>();

    Names(Vendor vendor, LossinessLedger ledger) {
        this.vendor = vendor;
        this.ledger = ledger;
    }

    /**
     * The name {@code original} is written as in {@code scope} (a table's columns, a schema's tables), chosen the
     * first time it is asked for; {@code path} is where the ledger reports a change.
     */
    String name(Kind kind, String scope, String original, String path) {
        Map<String, String> inScope = written.computeIfAbsent(kind + "|" + scope, k -> new HashMap<>());
        String done = inScope.get(original);
        if (done != null) {
            return done;
        }
        Set<String> used = taken.computeIfAbsent(kind + "|" + scope, k -> new HashSet<>());
        Limit limit = limit(vendor, kind);
        String chosen = limit.fits(original) ? original : shortened(original, limit, 0);
        int attempt = 0;
        Optional<String> clash = Optional.empty();
        while (used.contains(fold(chosen, kind))) {
            clash = Optional.of(chosen);
            chosen = shortened(original, limit, ++attempt);
        }
        used.add(fold(chosen, kind));
        inScope.put(original, chosen);
        if (!chosen.equals(original)) {
            String why = clash.isPresent() && limit.fits(original)
                    ? "differs only by case from another name here, which " + vendor.key() + " does not tell apart"
                    : "is longer than " + vendor.key() + "'s limit of " + limit.describe();
            ledger.drop(path, kind.name().toLowerCase(Locale.ROOT) + " name '" + original + "' " + why
                    + "; written as '" + chosen + "'.");
        }
        return chosen;
    }

    /** A name already chosen, or the original when none was (nothing is chosen or ledgered here). */
    String written(Kind kind, String scope, String original) {
        return written.getOrDefault(kind + "|" + scope, Map.of()).getOrDefault(original, original);
    }

    /**
     * A name that is only cut to the limit, not made unique (constraint names: the writer leaves a repeated one
     * out, and the engine names the constraint).
     */
    String fitted(Kind kind, String original, String path) {
        Limit limit = limit(vendor, kind);
        if (limit.fits(original)) {
            return original;
        }
        String chosen = shortened(original, limit, 0);
        ledger.drop(path, kind.name().toLowerCase(Locale.ROOT) + " name '" + original + "' is longer than "
                + vendor.key() + "'s limit of " + limit.describe() + "; written as '" + chosen + "'.");
        return chosen;
    }

    private String fold(String name, Kind kind) {
        if (!ignoresCase(vendor, kind)) {
            return name;
        }
        if (vendor == Vendor.SQLITE) {
            StringBuilder b = new StringBuilder(name.length());
            name.chars().forEach(c -> b.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : (char) c));
            return b.toString();
        }
        return name.toLowerCase(Locale.ROOT);
    }

    /**
     * The longest whole-character prefix of {@code original} that leaves room for {@code _} and eight hex digits
     * of a CRC-32 of the original (and the attempt, when an earlier choice was taken).
     */
    static String shortened(String original, Limit limit, int attempt) {
        CRC32 crc = new CRC32();
        crc.update((attempt == 0 ? original : original + "#" + attempt).getBytes(StandardCharsets.UTF_8));
        String suffix = String.format("_%08x", crc.getValue());
        if (limit.max() == 0) {
            return original + suffix;
        }
        int end = original.length();
        while (end > 0 && !limit.fits(original.substring(0, end) + suffix)) {
            end = original.offsetByCodePoints(end, -1);
        }
        return original.substring(0, end) + suffix;
    }
}
