package io.modelgraph.codec.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.jsonschema.JsonSchemaCodec;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Encoded DDL run on real engines (embedded PostgreSQL, SQLite) and read back through JDBC metadata: a model
 * written here, a model decoded from JSON Schema, and DDL of each of the seven dialects decoded first.
 */
class EngineRoundTripTest {
    private static EmbeddedPostgres postgres;
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private final SqlCodec codec = new SqlCodec();

    @BeforeAll
    static void start() throws Exception {
        postgres = Engines.postgres();
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    /** Creates the model's tables on both engines; returns what differs from the model (nothing, to pass). */
    private List<String> onBothEngines(SchemaModel model) throws Exception {
        List<String> problems = new ArrayList<>();
        String database = "t" + DATABASES.incrementAndGet();
        try (Connection admin = postgres.getPostgresDatabase().getConnection(); var s = admin.createStatement()) {
            s.execute("CREATE DATABASE " + database);
        }
        try (Connection c = postgres.getDatabase("postgres", database).getConnection()) {
            Catalog.createAndCompare(c, model, Vendor.POSTGRES).forEach(p -> problems.add("postgres: " + p));
        }
        try (Connection c = Engines.sqlite()) {
            Catalog.createAndCompare(c, model, Vendor.SQLITE).forEach(p -> problems.add("sqlite: " + p));
        }
        return problems;
    }

    @Test
    void aModelWithEveryKindKeysAndAForeignKeyCycle() throws Exception {
        assertEquals(List.of(), onBothEngines(Models.library()));
    }

    @Test
    void namesTheEnginesCannotStoreAsTheyAreAndNarrowedInheritance() throws Exception {
        assertEquals(List.of(), onBothEngines(Models.awkwardNames()));
        assertEquals(List.of(), onBothEngines(Models.narrowedInheritance()));
    }

    @Test
    void aModelDecodedFromJsonSchema() throws Exception {
        String schema = """
                {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Shop","type":"object",
                 "properties":{"orders":{"type":"array","items":{"$ref":"#/$defs/Order"}}},
                 "$defs":{"Order":{"type":"object","required":["id","placed"],"properties":{
                   "id":{"type":"integer"},
                   "placed":{"type":"string","format":"date-time"},
                   "total":{"type":"number","minimum":0},
                   "status":{"type":"string","enum":["open","paid"]},
                   "note":{"type":"string","maxLength":500},
                   "customer":{"$ref":"#/$defs/Customer"},
                   "codes":{"type":"array","items":{"type":"string"}}}},
                  "Customer":{"type":"object","properties":{"email":{"type":"string","format":"email"}}}}}""";
        SchemaModel model = new JsonSchemaCodec().decode(schema, CodecOptions.NONE, new LossinessLedger());
        assertFalse(model.types().isEmpty());
        assertEquals(List.of(), onBothEngines(model));
    }

    @Test
    void ddlOfEachDialectDecodedThenCreatedOnBothEngines() throws Exception {
        Map<String, String> scripts = Map.of(
                "postgres", """
                        CREATE TABLE dept (id serial PRIMARY KEY, name varchar(40) NOT NULL UNIQUE);
                        CREATE TABLE emp (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                          dept integer REFERENCES dept, salary numeric(9,2) CHECK (salary > 0), tags text[],
                          hired timestamptz DEFAULT now());""",
                "mysql", """
                        CREATE TABLE `dept` (`id` int unsigned NOT NULL AUTO_INCREMENT, `name` varchar(40),
                          PRIMARY KEY (`id`)) ENGINE=InnoDB;
                        CREATE TABLE `emp` (`id` int NOT NULL, `dept` int unsigned, `kind` enum('a','b') DEFAULT 'a',
                          PRIMARY KEY (`id`), KEY `ix` (`dept`),
                          CONSTRAINT `fk` FOREIGN KEY (`dept`) REFERENCES `dept` (`id`) ON DELETE SET NULL);""",
                "sqlserver", """
                        CREATE TABLE [dbo].[Dept] ([Id] INT IDENTITY(1,1) NOT NULL, [Name] NVARCHAR(40) NOT NULL,
                          CONSTRAINT [PK_Dept] PRIMARY KEY CLUSTERED ([Id]))
                        GO
                        CREATE TABLE [dbo].[Emp] ([Id] INT NOT NULL PRIMARY KEY, [Dept] INT NULL, [Ok] BIT DEFAULT 1)
                        GO
                        ALTER TABLE [dbo].[Emp] WITH CHECK ADD CONSTRAINT [FK_Emp] FOREIGN KEY([Dept])
                          REFERENCES [dbo].[Dept] ([Id])
                        GO""",
                "sqlite", """
                        CREATE TABLE dept (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);
                        CREATE TABLE emp (id INTEGER PRIMARY KEY, dept INTEGER REFERENCES dept(id), photo BLOB)
                          WITHOUT ROWID;""",
                "oracle", """
                        CREATE TABLE dept (id NUMBER(10) NOT NULL, name VARCHAR2(40 CHAR),
                          CONSTRAINT pk_dept PRIMARY KEY (id));
                        CREATE TABLE emp (id NUMBER(10) GENERATED BY DEFAULT AS IDENTITY, dept NUMBER(10),
                          born DATE, CONSTRAINT pk_emp PRIMARY KEY (id),
                          CONSTRAINT fk_emp FOREIGN KEY (dept) REFERENCES dept (id));""",
                "snowflake", """
                        CREATE OR REPLACE TABLE dept (id NUMBER(38,0) AUTOINCREMENT START 1 INCREMENT 1 PRIMARY KEY,
                          name VARCHAR(16777216) COMMENT 'Department');
                        CREATE TABLE emp (id INT NOT NULL PRIMARY KEY RELY, dept NUMBER(38,0) REFERENCES dept (id),
                          info VARIANT, at TIMESTAMP_NTZ);""",
                "bigquery", """
                        CREATE TABLE `proj.hr.dept` (id INT64 NOT NULL, name STRING(40),
                          PRIMARY KEY (id) NOT ENFORCED);
                        CREATE TABLE hr.emp (id INT64 NOT NULL, dept INT64, skills ARRAY<STRING>,
                          PRIMARY KEY (id) NOT ENFORCED,
                          FOREIGN KEY (dept) REFERENCES hr.dept (id) NOT ENFORCED);""");
        for (Map.Entry<String, String> script : scripts.entrySet()) {
            SchemaModel model = codec.decode(script.getValue(), new CodecOptions(Map.of("vendor", script.getKey())),
                    new LossinessLedger());
            assertEquals(2, model.types().size(), script.getKey());
            assertEquals(1, model.relationships().size(), script.getKey());
            assertEquals(List.of(), onBothEngines(model), script.getKey());
        }
    }
}
