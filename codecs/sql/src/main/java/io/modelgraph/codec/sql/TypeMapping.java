package io.modelgraph.codec.sql;

import io.modelgraph.schema.Constraints;
import io.modelgraph.schema.PrimitiveKind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Native column types of the seven dialects onto canonical kinds (the README's decode table). */
final class TypeMapping {
    /** A native type read as a canonical kind; {@code approximate} when the kind is only the nearest. */
    record Canonical(PrimitiveKind kind, Constraints constraints, boolean approximate, boolean autoIncrement) {
    }

    private static final Map<String, PrimitiveKind> KINDS = new HashMap<>();
    private static final List<String> APPROXIMATE = List.of("MONEY", "SMALLMONEY", "YEAR", "SET", "XML", "JSON",
            "JSONB", "VARIANT", "OBJECT", "GEOGRAPHY", "GEOMETRY", "HSTORE", "INET", "CIDR", "MACADDR", "TSVECTOR",
            "STRUCT", "RECORD", "SQL_VARIANT", "HIERARCHYID", "ROWVERSION", "POINT", "INTERVAL", "ARRAY", "MAP",
            "BIT VARYING", "VARBIT", "ROWID", "UROWID", "BFILE", "TIMETZ", "TIME WITH TIME ZONE", "TINYINT");

    static {
        put(PrimitiveKind.INTEGER, "INT", "INTEGER", "INT2", "INT4", "INT8", "SMALLINT", "TINYINT", "MEDIUMINT",
                "BIGINT", "SERIAL", "SERIAL2", "SERIAL4", "SERIAL8", "SMALLSERIAL", "BIGSERIAL", "INT64", "BYTEINT",
                "INT UNSIGNED", "INTEGER UNSIGNED", "BIGINT UNSIGNED", "SMALLINT UNSIGNED", "TINYINT UNSIGNED",
                "MEDIUMINT UNSIGNED", "INT SIGNED", "YEAR", "PLS_INTEGER", "BINARY_INTEGER", "INT UNSIGNED ZEROFILL");
        put(PrimitiveKind.DECIMAL, "DECIMAL", "NUMERIC", "DEC", "NUMBER", "MONEY", "SMALLMONEY", "BIGNUMERIC",
                "BIGDECIMAL", "DECIMAL UNSIGNED", "FIXED");
        put(PrimitiveKind.NUMBER, "FLOAT", "FLOAT4", "FLOAT8", "REAL", "DOUBLE", "DOUBLE PRECISION", "FLOAT64",
                "BINARY_FLOAT", "BINARY_DOUBLE", "DOUBLE UNSIGNED", "FLOAT UNSIGNED");
        put(PrimitiveKind.BOOLEAN, "BOOL", "BOOLEAN", "BIT");
        put(PrimitiveKind.STRING, "CHAR", "VARCHAR", "CHARACTER", "CHARACTER VARYING", "CHAR VARYING", "NCHAR",
                "NVARCHAR", "NATIONAL CHARACTER", "NATIONAL CHARACTER VARYING", "NATIONAL CHAR", "NCHAR VARYING",
                "TEXT", "TINYTEXT", "MEDIUMTEXT", "LONGTEXT", "NTEXT", "CLOB", "NCLOB", "VARCHAR2", "NVARCHAR2",
                "STRING", "CITEXT", "LONG", "LONG VARCHAR", "SET", "CHARACTER LARGE OBJECT", "NAME", "BPCHAR",
                "SYSNAME", "XML", "INET", "CIDR", "MACADDR", "TSVECTOR", "ENUM");
        put(PrimitiveKind.DATE, "DATE");
        put(PrimitiveKind.DATETIME, "DATETIME", "DATETIME2", "SMALLDATETIME", "DATETIMEOFFSET", "TIMESTAMP",
                "TIMESTAMPTZ", "TIMESTAMP WITH TIME ZONE", "TIMESTAMP WITHOUT TIME ZONE",
                "TIMESTAMP WITH LOCAL TIME ZONE", "TIMESTAMP_NTZ", "TIMESTAMP_LTZ", "TIMESTAMP_TZ", "TIMESTAMPNTZ", "TIMESTAMPLTZ");
        put(PrimitiveKind.TIME, "TIME", "TIMETZ", "TIME WITH TIME ZONE", "TIME WITHOUT TIME ZONE");
        put(PrimitiveKind.DURATION, "INTERVAL");
        put(PrimitiveKind.BINARY, "BLOB", "TINYBLOB", "MEDIUMBLOB", "LONGBLOB", "BYTEA", "BINARY", "VARBINARY",
                "RAW", "LONG RAW", "IMAGE", "BYTES", "BINARY VARYING", "VARBIT", "BIT VARYING", "ROWVERSION",
                "LONG VARBINARY", "BFILE");
        put(PrimitiveKind.UUID, "UUID", "UNIQUEIDENTIFIER");
        put(PrimitiveKind.ANY, "JSON", "JSONB", "VARIANT", "OBJECT", "GEOGRAPHY", "GEOMETRY", "HSTORE", "STRUCT",
                "RECORD", "SQL_VARIANT", "HIERARCHYID", "POINT", "ARRAY", "MAP", "ROWID", "UROWID");
    }

    private static void put(PrimitiveKind kind, String... names) {
        for (String n : names) {
            KINDS.putIfAbsent(n, kind);
        }
    }

    static boolean knows(String upper) {
        return KINDS.containsKey(upper);
    }

    /** The canonical reading of a native type; empty for a name no dialect defines (a domain, a user type). */
    static Optional<Canonical> decode(Parsed.SqlType type) {
        String base = type.base();
        if (base.startsWith("INTERVAL")) {
            base = "INTERVAL";
        }
        PrimitiveKind kind = KINDS.get(base);
        if (kind == null) {
            return Optional.empty();
        }
        Constraints constraints = Constraints.NONE;
        List<String> args = type.args();
        boolean approximate = APPROXIMATE.contains(base);
        if (kind == PrimitiveKind.BOOLEAN && base.equals("BIT") && !args.isEmpty() && !args.get(0).equals("1")) {
            kind = PrimitiveKind.BINARY; // PostgreSQL bit(n) is a bit string
        }
        if ((kind == PrimitiveKind.STRING || kind == PrimitiveKind.BINARY) && !args.isEmpty() && !base.equals("ENUM")
                && !base.equals("SET")) {
            Optional<Long> length = number(args.get(0).replaceAll("(?i)\\s*(char|byte)$", ""));
            if (length.isPresent()) {
                constraints = constraints.toBuilder().minLength(Optional.empty()).maxLength(length.get()).build();
            }
        }
        if (kind == PrimitiveKind.DECIMAL && !args.isEmpty()) {
            Optional<Long> p = number(args.get(0));
            Optional<Long> s = args.size() > 1 ? number(args.get(1)) : Optional.of(0L);
            if (p.isPresent() && s.isPresent()) {
                constraints = constraints.toBuilder().precision(p.get().intValue()).scale(s.get().intValue()).build();
                if (s.get() == 0 && p.get() <= 18 && !base.equals("MONEY")) {
                    // NUMBER(10) and DECIMAL(18,0) are whole numbers that fit a bigint: integers, keeping p
                    kind = PrimitiveKind.INTEGER;
                }
            }
        }
        if (kind == PrimitiveKind.NUMBER && base.startsWith("FLOAT") && !args.isEmpty()) {
            approximate = false; // float(p) is a binary precision, still a float
        }
        boolean serial = base.contains("SERIAL");
        return Optional.of(new Canonical(kind, constraints, approximate, serial));
    }

    private static Optional<Long> number(String text) {
        try {
            return Optional.of(Long.parseLong(text.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private TypeMapping() {
    }
}
