-- The privacy model of a release as kanon reads it back (PrivacyModel.code(), parsed by privacy.ModelCode):
-- "k-anonymity;k=5", "alpha-k;alpha=0.5;k=5", "alpha-k-general;alpha=0.25;k=2", "l-diversity;form=distinct;l=3;k=2".
-- privacy_model keeps the text people read. Existing rows get their code from that text, k and the two-table marker
-- (sensitive_relation), in the forms kanon wrote before this version; a row none of them fits keeps NULL, and the
-- release's model is then read as before this version (release.LegacyModelText). Portable SQL for Derby and
-- PostgreSQL: SUBSTR, LENGTH, TRIM, LIKE and CASE only; k as text is TRIM(CAST(k AS CHAR(11))), as Derby cannot cast
-- an integer to VARCHAR. A SUBSTR whose arguments could fall outside the text sits in a CASE after its guard.
ALTER TABLE releases ADD COLUMN model_code VARCHAR(400);

-- "<k>-anonymity", or "k-anonymity" (the default of every release registered before V2)
UPDATE releases SET model_code = 'k-anonymity;k=' || TRIM(CAST(k AS CHAR(11)))
    WHERE privacy_model = 'k-anonymity' OR privacy_model = TRIM(CAST(k AS CHAR(11))) || '-anonymity';

-- simple (alpha,k): "(<alpha>,<k>)-anonymity"; the 13 characters are "(", "," and ")-anonymity"
UPDATE releases SET model_code = 'alpha-k;alpha='
        || SUBSTR(privacy_model, 2, LENGTH(privacy_model) - 13 - LENGTH(TRIM(CAST(k AS CHAR(11)))))
        || ';k=' || TRIM(CAST(k AS CHAR(11)))
    WHERE model_code IS NULL
      AND CASE WHEN privacy_model LIKE '(%,%)-anonymity' AND LENGTH(privacy_model) > 13 + LENGTH(TRIM(CAST(k AS CHAR(11))))
               THEN SUBSTR(privacy_model, LENGTH(privacy_model) - 11 - LENGTH(TRIM(CAST(k AS CHAR(11)))))
               ELSE '' END = ',' || TRIM(CAST(k AS CHAR(11))) || ')-anonymity';

-- general (alpha,k): "(<alpha>,<k>)-anonymity (general)"; 23 characters besides alpha and k
UPDATE releases SET model_code = 'alpha-k-general;alpha='
        || SUBSTR(privacy_model, 2, LENGTH(privacy_model) - 23 - LENGTH(TRIM(CAST(k AS CHAR(11)))))
        || ';k=' || TRIM(CAST(k AS CHAR(11)))
    WHERE model_code IS NULL
      AND CASE WHEN privacy_model LIKE '(%,%)-anonymity (general)' AND LENGTH(privacy_model) > 23 + LENGTH(TRIM(CAST(k AS CHAR(11))))
               THEN SUBSTR(privacy_model, LENGTH(privacy_model) - 21 - LENGTH(TRIM(CAST(k AS CHAR(11)))))
               ELSE '' END = ',' || TRIM(CAST(k AS CHAR(11))) || ')-anonymity (general)';

-- l-diversity with k above 1 (one-table releases): "[distinct ]<l>-diversity with k=<k>"; 18 characters of
-- "-diversity with k=", 9 of "distinct "
UPDATE releases SET model_code = 'l-diversity;form='
        || CASE WHEN privacy_model LIKE 'distinct %' THEN 'distinct' ELSE 'frequency' END
        || ';l=' || SUBSTR(privacy_model, CASE WHEN privacy_model LIKE 'distinct %' THEN 10 ELSE 1 END,
                LENGTH(privacy_model) - CASE WHEN privacy_model LIKE 'distinct %' THEN 9 ELSE 0 END
                    - 18 - LENGTH(TRIM(CAST(k AS CHAR(11)))))
        || ';k=' || TRIM(CAST(k AS CHAR(11)))
    WHERE model_code IS NULL
      AND CASE WHEN privacy_model LIKE '%-diversity with k=%' AND LENGTH(privacy_model)
                        > CASE WHEN privacy_model LIKE 'distinct %' THEN 9 ELSE 0 END + 18 + LENGTH(TRIM(CAST(k AS CHAR(11))))
               THEN SUBSTR(privacy_model, LENGTH(privacy_model) - 17 - LENGTH(TRIM(CAST(k AS CHAR(11)))))
               ELSE '' END = '-diversity with k=' || TRIM(CAST(k AS CHAR(11)));

-- l-diversity without k: "[distinct ]<l>-diversity"; k is 1, which a two-table release registers as l in column k
UPDATE releases SET model_code = 'l-diversity;form='
        || CASE WHEN privacy_model LIKE 'distinct %' THEN 'distinct' ELSE 'frequency' END
        || ';l=' || SUBSTR(privacy_model, CASE WHEN privacy_model LIKE 'distinct %' THEN 10 ELSE 1 END,
                LENGTH(privacy_model) - CASE WHEN privacy_model LIKE 'distinct %' THEN 9 ELSE 0 END - 10)
        || ';k=' || CASE WHEN sensitive_relation IS NOT NULL THEN '1' ELSE TRIM(CAST(k AS CHAR(11))) END
    WHERE model_code IS NULL AND privacy_model LIKE '%-diversity'
      AND LENGTH(privacy_model) > CASE WHEN privacy_model LIKE 'distinct %' THEN 9 ELSE 0 END + 10;
