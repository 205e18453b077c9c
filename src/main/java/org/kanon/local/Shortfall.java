package org.kanon.local;

import org.kanon.privacy.AlphaKAnonymity;
import org.kanon.privacy.ClassStatistics;
import org.kanon.privacy.KAnonymity;
import org.kanon.privacy.LDiversity;
import org.kanon.privacy.PrivacyModel;

/**
 * How far a class is from satisfying the model, one non-negative figure per condition (all 0 when it passes):
 * rows missing to k, and the excess of the sensitive condition in integers (alpha: {@code x*den - num*size};
 * frequency l-diversity: {@code largest*l - size}; distinct l-diversity: {@code l - distinct}). When rows are moved
 * up into a parent that fails (section 4 of the (alpha,k) paper), a row is only moved if it lowers one figure and
 * raises none, so the parent never moves away from acceptance.
 */
final class Shortfall {
    private Shortfall() {
    }

    static long[] of(PrivacyModel model, ClassStatistics c) {
        long size = Math.max(0, model.k() - c.size());
        if (model instanceof AlphaKAnonymity a) {
            long x = a.simple() ? c.sensitiveRows() : c.largestValueRows();
            long excess = x * a.alpha().denominator() - a.alpha().numerator() * c.size();
            return new long[] {size, Math.max(0, excess)};
        }
        if (model instanceof LDiversity d) {
            long excess = d.form() == LDiversity.Form.FREQUENCY
                    ? c.largestValueRows() * d.l() - c.size()
                    : d.l() - c.distinctValues();
            return new long[] {size, Math.max(0, excess)};
        }
        if (model instanceof KAnonymity) {
            return new long[] {size};
        }
        throw new IllegalArgumentException("unknown privacy model " + model);
    }

    /** No figure rises and at least one falls. */
    static boolean improves(long[] before, long[] after) {
        boolean lower = false;
        for (int i = 0; i < before.length; i++) {
            if (after[i] > before[i]) {
                return false;
            }
            lower |= after[i] < before[i];
        }
        return lower;
    }
}
