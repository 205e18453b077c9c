package org.kanon.local.mondrian;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.DisplayName;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.privacy.Share;
import org.kanon.release.LocalRecodingReleaseWriter;
import org.kanon.release.LocalReleaseRequest;
import org.kanon.release.ReleaseRecord;
import org.kanon.schema.SourceTable;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.ReleaseVerifier;

/**
 * Mondrian on Table 1a of the TKDE paper (six patients; Gender and Age categorical with one-level hierarchies, Age's
 * holding young/middle/old under *, so 3 leaves; Postcode numeric 4350..4353), worked by hand:
 *
 * <pre>
 *   No Gender Age    Postcode
 *   1  male   middle 4350
 *   2  male   middle 4350
 *   3  male   middle 4350
 *   4  female middle 4352
 *   5  female old    4353
 *   6  female old    4353
 * </pre>
 */
class MondrianPaperTest {

    /**
     * QI gender, age, postcode, k=2. The whole table has width 1 on all three (2/2 leaves, 3/3 leaves, 3/3 of the
     * range): the tie goes to gender, female {4,5,6} | male {1,2,3} (children in label order), both of 3 rows. Male holds one value on every
     * QI. Female: age (3/3) is widest, middle {4} | old {5,6} leaves 1 row; postcode (1/3): the lower median of
     * 4352, 4353, 4353 is 4353, the largest, so the cut moves to 4352: {4} | {5,6} again; gender is one value: final.
     */
    @DatabaseTest
    @DisplayName("Table 1a, k=2, QI gender,age,postcode: [female, *, [4352-4353]] x3 and [male, middle, 4350] x3")
    void genderFirst(Database db) {
        SourceTable t = PaperTables.alphak(db, "kaca-table1a");
        List<String> qis = List.of("gender", "age", "postcode");
        MondrianResult result = new Mondrian().anonymize(db, t, t.columns(qis), new KAnonymity(2));
        // children in label order: female before male
        assertEquals(List.of(List.of("female", "*", "[4352-4353]"), List.of("male", "middle", "4350")), cells(result));
        assertEquals(List.of(3L, 3L), result.recoded().partitions().stream().map(Partition::rows).toList());
        PartitionMetrics m = result.metrics();
        assertEquals(new PartitionMetrics(6, 2, 3, 18, 1.5), m, "DM = 3^2 + 3^2; CAVG = (6 / 2) / 2");

        ReleaseRecord r = release(db, result, "t1a_mondrian");
        assertEquals(List.of("1 male middle 4350", "2 male middle 4350", "3 male middle 4350",
                "4 female * [4352-4353]", "5 female * [4352-4353]", "6 female * [4352-4353]"), rows(db, t, r, qis));
        ReleaseVerifier.verify(db, t, r, qis, result.model(), Set.of());
        assertEquals(0, db.dsl().fetch(r.recheckSql()).size(), r.recheckSql());
        assertEquals(2, r.classes());
        assertEquals(3, r.smallestClass());
        assertEquals(Mondrian.ALGORITHM, r.algorithm());
    }

    /**
     * QI age, postcode, k=2: the tie (1 and 1) goes to age: middle {1,2,3,4} | old {5,6}. Middle: postcode
     * 4350..4352 (2/3), lower median of 4350 x3, 4352 is 4350: {1,2,3} | {4} leaves 1 row; age is one value: final
     * as [4350-4352]. Listed the other way round, postcode wins the tie: the median 4350 cuts {1,2,3} | {4,5,6};
     * {4,5,6} is final as in the first example.
     */
    @DatabaseTest
    @DisplayName("Table 1a, k=2: QI age,postcode gives [middle, [4350-4352]] x4, [old, 4353] x2; postcode,age gives [4350, middle] x3, [[4352-4353], *] x3")
    void orderDecidesTies(Database db) {
        SourceTable t = PaperTables.alphak(db, "kaca-table1a");
        MondrianResult ageFirst = new Mondrian().anonymize(db, t, t.columns(List.of("age", "postcode")), new KAnonymity(2));
        assertEquals(List.of(List.of("middle", "[4350-4352]"), List.of("old", "4353")), cells(ageFirst));
        assertEquals(new PartitionMetrics(6, 2, 2, 20, 1.5), ageFirst.metrics());
        MondrianResult postcodeFirst = new Mondrian().anonymize(db, t, t.columns(List.of("postcode", "age")), new KAnonymity(2));
        assertEquals(List.of(List.of("4350", "middle"), List.of("[4352-4353]", "*")), cells(postcodeFirst));

        ReleaseRecord r = release(db, ageFirst, "t1a_age_postcode");
        assertEquals(List.of("1 middle [4350-4352]", "2 middle [4350-4352]", "3 middle [4350-4352]", "4 middle [4350-4352]",
                "5 old 4353", "6 old 4353"), rows(db, t, r, List.of("age", "postcode")));
        ReleaseVerifier.verify(db, t, r, List.of("age", "postcode"), ageFirst.model(), Set.of());
    }

    /**
     * With Problem sensitive: distinct 2-diversity keeps the first example's classes (male: stress, obesity x2;
     * female: stress x2, obesity). (0.5,2)-anonymity for stress forbids male | female (female holds 2 of 3 stress):
     * age then splits the whole table into middle {1..4} (2 of 4 stress) | old {5,6} (1 of 2): both allowed, and no
     * part can be cut further: [*, middle, [4350-4352]] x4, [female, old, 4353] x2.
     */
    @DatabaseTest
    @DisplayName("Table 1a with Problem sensitive: distinct 2-diversity as k=2; (0.5,2)-anonymity for stress cuts on age instead")
    void sensitiveModels(Database db) {
        SourceTable t = PaperTables.alphak(db, "kaca-table1a");
        List<String> qis = List.of("gender", "age", "postcode");
        SensitiveAttribute problem = new SensitiveAttribute("problem", List.of());
        MondrianResult diverse = new Mondrian().anonymize(db, t, t.columns(qis), new LDiversity(1, 2, LDiversity.Form.DISTINCT, problem));
        assertEquals(List.of(List.of("female", "*", "[4352-4353]"), List.of("male", "middle", "4350")), cells(diverse));

        PrivacyModel alphaK = new AlphaKAnonymity(2, Share.parse("--alpha", "0.5"), new SensitiveAttribute("problem", List.of("stress")));
        MondrianResult capped = new Mondrian().anonymize(db, t, t.columns(qis), alphaK);
        assertEquals(List.of(List.of("*", "middle", "[4350-4352]"), List.of("female", "old", "4353")), cells(capped));
        ReleaseRecord r = release(db, capped, "t1a_alphak");
        ReleaseVerifier.verify(db, t, r, qis, alphaK, Set.of());
        assertEquals(0, db.dsl().fetch(r.recheckSql()).size(), r.recheckSql());
    }

    @DatabaseTest
    @DisplayName("k above the 6 rows, or an alpha below stress's share in the table: refused before any partition, naming the option")
    void infeasible(Database db) {
        SourceTable t = PaperTables.alphak(db, "kaca-table1a");
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> new Mondrian().anonymize(db, t, t.columns(List.of("gender", "postcode")), new KAnonymity(7)));
        assertTrue(e.getMessage().startsWith("--k: 7 is larger than the 6 row(s)"), e.getMessage());
        PrivacyModel tight = new AlphaKAnonymity(2, Share.parse("--alpha", "0.4"), new SensitiveAttribute("problem", List.of("stress")));
        e = assertThrows(InvalidInputException.class, () -> new Mondrian().anonymize(db, t, t.columns(List.of("gender")), tight));
        assertTrue(e.getMessage().startsWith("--alpha 0.4 is below"), e.getMessage());
    }

    private static List<List<String>> cells(MondrianResult result) {
        return result.recoded().partitions().stream().map(Partition::cells).toList();
    }

    private static ReleaseRecord release(Database db, MondrianResult result, String name) {
        return new LocalRecodingReleaseWriter(db).write(new LocalReleaseRequest(name, result, Set.of(), false, Mondrian.ALGORITHM));
    }

    /** The release's rows as "No cell cell..", by No. */
    private static List<String> rows(Database db, SourceTable t, ReleaseRecord r, List<String> qis) {
        String no = t.column("no").name();
        List<String> rows = new ArrayList<>();
        for (Record row : db.dsl().select().from(DSL.table(DSL.name(r.relationSchema(), r.relationName())))
                .orderBy(DSL.field(DSL.name(no))).fetch()) {
            StringBuilder line = new StringBuilder(String.valueOf(row.get(no)));
            for (String q : qis) {
                line.append(' ').append(row.get(t.column(q).name()));
            }
            rows.add(line.toString());
        }
        return rows;
    }
}
