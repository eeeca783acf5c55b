CREATE TABLE clinic.site (
    site_id integer PRIMARY KEY,
    name varchar(120) NOT NULL UNIQUE,
    country char(2) NOT NULL DEFAULT 'NL'
);

CREATE TABLE clinic.visit (
    visit_id bigint NOT NULL,
    site_id integer NOT NULL REFERENCES clinic.site (site_id),
    visit_date date NOT NULL,
    weight_kg numeric(5, 1) DEFAULT 1.0 CHECK (weight_kg >= 0),
    arm varchar(10) CHECK (arm IN ('control', 'treated')),
    notes text,
    PRIMARY KEY (visit_id)
);

COMMENT ON TABLE clinic.visit IS 'One patient visit at a site.';
COMMENT ON COLUMN clinic.visit.weight_kg IS 'Body weight in kilograms.';
