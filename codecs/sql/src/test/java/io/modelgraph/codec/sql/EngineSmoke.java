package io.modelgraph.codec.sql;

import org.junit.jupiter.api.Test;

class EngineSmoke {
    @Test
    void starts() throws Exception {
        try (var pg = Engines.postgres(); var c = pg.getPostgresDatabase().getConnection(); var s = c.createStatement()) {
            s.execute("create table t (id int primary key)");
            System.out.println("PG OK " + c.getMetaData().getDatabaseProductVersion());
        }
    }
}
