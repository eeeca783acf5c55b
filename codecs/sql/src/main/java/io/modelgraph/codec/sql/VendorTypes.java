package io.modelgraph.codec.sql;

import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.PrimitiveKind;
import java.util.Locale;
import java.util.Optional;

/**
 * Canonical kinds onto each dialect's column types (the README's encode table). {@code approximation} says
 * what the chosen type loses, for the ledger; empty when it is exact.
 */
final class VendorTypes {
    record Choice(String type, Optional<String> approximation) {
        static Choice exact(String type) {
            return new Choice(type, Optional.empty());
        }

        static Choice approx(String type, String why) {
            return new Choice(type, Optional.of(why));
        }
    }

    /** Strings without a length that must be indexable (MySQL TEXT and Oracle CLOB cannot be keys). */
    static final int KEY_STRING_LENGTH = 255;

    static Choice of(Vendor v, PrimitiveKind kind, Constraints c, Optional<String> nativeName, boolean key) {
        String nat = nativeName.orElse("").toUpperCase(Locale.ROOT);
        return switch (kind) {
            case STRING -> fixed(v, nat, c.maxLength()).orElseGet(() -> string(v, c.maxLength(), key));
            case URI -> withNote(string(v, c.maxLength().or(() -> Optional.of(2048L)), key), "a URI is stored as text");
            case INTEGER -> integer(v, nat, c.precision());
            case NUMBER -> Choice.exact(switch (v) {
                case POSTGRES -> nat.contains("REAL") || nat.contains("FLOAT4") ? "real" : "double precision";
                case MYSQL -> "double";
                case SQLSERVER -> "float";
                case SQLITE -> "real";
                case ORACLE -> "binary_double";
                case SNOWFLAKE -> "float";
                case BIGQUERY -> "FLOAT64";
            });
            case DECIMAL -> decimal(v, c);
            case BOOLEAN -> switch (v) {
                case SQLSERVER -> Choice.exact("bit");
                case ORACLE -> Choice.approx("number(1)", "Oracle before 23c has no boolean; stored as number(1)");
                case SQLITE -> Choice.exact("boolean");
                case BIGQUERY -> Choice.exact("BOOL");
                default -> Choice.exact("boolean");
            };
            case DATE -> Choice.exact(v == Vendor.BIGQUERY ? "DATE" : "date");
            case DATETIME -> datetime(v, nat.contains("TZ") || nat.contains("TIME ZONE") || nat.contains("OFFSET"));
            case TIME -> switch (v) {
                case ORACLE -> Choice.approx("varchar2(32)", "Oracle has no time-of-day type; stored as text");
                case BIGQUERY -> Choice.exact("TIME");
                default -> Choice.exact("time");
            };
            case DURATION -> switch (v) {
                case POSTGRES -> Choice.exact("interval");
                case ORACLE -> Choice.exact("interval day to second");
                case BIGQUERY -> Choice.exact("INTERVAL");
                default -> Choice.approx(v == Vendor.SQLSERVER ? "nvarchar(64)" : "varchar(64)",
                        "no interval type; a duration is stored as ISO 8601 text");
            };
            case BINARY -> binary(v, c.maxLength());
            case UUID -> switch (v) {
                case POSTGRES -> Choice.exact("uuid");
                case SQLSERVER -> Choice.exact("uniqueidentifier");
                case BIGQUERY -> Choice.approx("STRING", "no uuid type; stored as text");
                case ORACLE -> Choice.approx("char(36)", "no uuid type; stored as text");
                default -> Choice.approx(v == Vendor.SQLITE ? "text" : "char(36)", "no uuid type; stored as text");
            };
            case ANY -> json(v);
        };
    }

    /** Where a value has no column type of its own (any, objects, unions, maps, many values without arrays). */
    static Choice json(Vendor v) {
        return switch (v) {
            case POSTGRES -> Choice.exact("jsonb");
            case MYSQL -> Choice.exact("json");
            case SQLSERVER -> Choice.approx("nvarchar(max)", "stored as JSON text");
            case SQLITE -> Choice.approx("text", "stored as JSON text");
            case ORACLE -> Choice.approx("clob", "stored as JSON text");
            case SNOWFLAKE -> Choice.exact("variant");
            case BIGQUERY -> Choice.exact("JSON");
        };
    }

    private static Choice withNote(Choice c, String note) {
        return new Choice(c.type(), Optional.of(c.approximation().map(a -> a + "; ").orElse("") + note));
    }

    private static Choice string(Vendor v, Optional<Long> length, boolean key) {
        if (length.isPresent()) {
            long n = length.get();
            if (v == Vendor.POSTGRES && n > 10_485_760) {
                return Choice.approx("text", "length " + n + " exceeds PostgreSQL's varchar limit; not enforced");
            }
            return switch (v) {
                case POSTGRES, MYSQL, SNOWFLAKE -> n > 65_535 && v == Vendor.MYSQL ? Choice.exact("longtext")
                        : Choice.exact("varchar(" + n + ")");
                case SQLSERVER -> Choice.exact(n > 4000 ? "nvarchar(max)" : "nvarchar(" + n + ")");
                case SQLITE -> Choice.exact("varchar(" + n + ")");
                case ORACLE -> n > 4000 ? Choice.exact("clob") : Choice.exact("varchar2(" + n + " char)");
                case BIGQUERY -> Choice.exact("STRING(" + n + ")");
            };
        }
        return switch (v) {
            case POSTGRES -> Choice.exact("text");
            case MYSQL -> key ? Choice.approx("varchar(" + KEY_STRING_LENGTH + ")",
                    "a key column needs a bounded length in MySQL") : Choice.exact("text");
            case SQLSERVER -> key ? Choice.approx("nvarchar(450)", "a key column needs a bounded length in SQL Server")
                    : Choice.exact("nvarchar(max)");
            case SQLITE -> Choice.exact("text");
            case ORACLE -> key ? Choice.approx("varchar2(" + KEY_STRING_LENGTH + " char)",
                    "a key column needs a bounded length in Oracle") : Choice.exact("clob");
            case SNOWFLAKE -> Choice.exact("varchar");
            case BIGQUERY -> Choice.exact("STRING");
        };
    }

    /** CHAR(n), CHARACTER(n), NCHAR(n), BPCHAR: fixed-length text, padded to its length (not VARYING). */
    private static final java.util.regex.Pattern FIXED_CHAR = java.util.regex.Pattern.compile(
            "(N?CHAR|CHARACTER|NATIONAL CHAR(ACTER)?|BPCHAR)\\s*(\\(\\s*\\d+\\s*\\))?");

    /**
     * A fixed-length string stays fixed-length: a value of CHAR(13) is padded to 13 characters, which varchar(13)
     * does not do (docs/fidelity.md). Vendors without a fixed type get their varying type, as an approximation.
     */
    private static Optional<Choice> fixed(Vendor v, String nat, Optional<Long> maxLength) {
        if (!FIXED_CHAR.matcher(nat.trim()).matches()) {
            return Optional.empty();
        }
        long n = maxLength.orElse(1L);
        return Optional.of(switch (v) {
            case POSTGRES, SQLITE -> n <= 10_485_760 ? Choice.exact("char(" + n + ")") : string(v, maxLength, false);
            case MYSQL -> n <= 255 ? Choice.exact("char(" + n + ")") : withNote(string(v, maxLength, false),
                    "MySQL's char holds at most 255 characters; not padded");
            case SQLSERVER -> n <= 4000 ? Choice.exact("nchar(" + n + ")") : withNote(string(v, maxLength, false),
                    "SQL Server's nchar holds at most 4000 characters; not padded");
            case ORACLE -> n <= 2000 ? Choice.exact("char(" + n + " char)") : withNote(string(v, maxLength, false),
                    "Oracle's char holds at most 2000 characters; not padded");
            case SNOWFLAKE -> Choice.approx("char(" + n + ")", "Snowflake's char is varchar; values are not padded");
            case BIGQUERY -> Choice.approx("STRING(" + n + ")", "BigQuery has no fixed-length string; not padded");
        });
    }

    private static Choice integer(Vendor v, String nat, Optional<Integer> precision) {
        boolean big = nat.contains("BIG") || nat.equals("INT8") || nat.contains("INT64") || nat.contains("SERIAL8")
                || precision.map(p -> p > 9).orElse(false);
        boolean small = !big && (nat.contains("SMALL") || nat.contains("TINY") || nat.equals("INT2"));
        return Choice.exact(switch (v) {
            case POSTGRES, SNOWFLAKE -> big ? "bigint" : small ? "smallint" : "integer";
            case MYSQL, SQLSERVER -> big ? "bigint" : small ? "smallint" : "int";
            case SQLITE -> "integer";
            case ORACLE -> big ? "number(19)" : small ? "number(5)" : "number(10)";
            case BIGQUERY -> "INT64";
        });
    }

    private static Choice decimal(Vendor v, Constraints c) {
        if (c.precision().isPresent()) {
            int p = c.precision().get();
            int s = c.scale().orElse(0);
            int max = switch (v) {
                case MYSQL -> 65;
                case BIGQUERY -> 76;
                case POSTGRES, SQLITE -> 1000;
                default -> 38;
            };
            String args = "(" + Math.min(p, max) + "," + Math.min(s, Math.min(p, max)) + ")";
            String name = switch (v) {
                case ORACLE, SNOWFLAKE -> "number";
                case BIGQUERY -> p > 38 || s > 9 ? "BIGNUMERIC" : "NUMERIC";
                case POSTGRES, SQLITE -> "numeric";
                default -> "decimal";
            };
            return p > max ? Choice.approx(name + args, "precision " + p + " exceeds the dialect's " + max)
                    : Choice.exact(name + args);
        }
        return switch (v) {
            case POSTGRES -> Choice.exact("numeric");
            case SQLITE -> Choice.exact("numeric");
            case ORACLE -> Choice.exact("number");
            case MYSQL -> Choice.approx("decimal(65,30)", "an unbounded decimal becomes decimal(65,30)");
            case SQLSERVER -> Choice.approx("decimal(38,10)", "an unbounded decimal becomes decimal(38,10)");
            case SNOWFLAKE -> Choice.approx("number(38,10)", "an unbounded decimal becomes number(38,10)");
            case BIGQUERY -> Choice.exact("BIGNUMERIC");
        };
    }

    private static Choice datetime(Vendor v, boolean zoned) {
        return Choice.exact(switch (v) {
            case POSTGRES -> zoned ? "timestamptz" : "timestamp";
            case MYSQL -> zoned ? "timestamp(6)" : "datetime(6)";
            case SQLSERVER -> zoned ? "datetimeoffset" : "datetime2";
            case SQLITE -> "timestamp";
            case ORACLE -> zoned ? "timestamp with time zone" : "timestamp";
            case SNOWFLAKE -> zoned ? "timestamp_tz" : "timestamp_ntz";
            case BIGQUERY -> zoned ? "TIMESTAMP" : "DATETIME";
        });
    }

    private static Choice binary(Vendor v, Optional<Long> length) {
        return Choice.exact(switch (v) {
            case POSTGRES -> "bytea";
            case MYSQL -> length.filter(n -> n <= 65_535).map(n -> "varbinary(" + n + ")").orElse("longblob");
            case SQLSERVER -> length.filter(n -> n <= 8000).map(n -> "varbinary(" + n + ")").orElse("varbinary(max)");
            case SQLITE -> "blob";
            case ORACLE -> length.filter(n -> n <= 2000).map(n -> "raw(" + n + ")").orElse("blob");
            case SNOWFLAKE -> "binary";
            case BIGQUERY -> "BYTES";
        });
    }

    private VendorTypes() {
    }
}
