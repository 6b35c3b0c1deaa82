import type { AnalysisAmplitude, AnalysisScalarValue } from '@poselab/contract';
import { blockTitle, el, trialRow } from './dom';
import { widgetKeys, type DashboardWidgetView, type WidgetInput } from './types';

/** Blocks of one row per trial; shared by the amplitudes and the values ± SD widgets. */
abstract class ValueListWidget<V> implements DashboardWidgetView {
  constructor(private readonly root: HTMLElement) {}

  protected abstract field: 'amplitudes' | 'scalar_values';
  protected abstract title(v: V, key: string, input: WidgetInput): string;
  protected abstract text(v: V | undefined, input: WidgetInput): string;

  update(input: WidgetInput): void {
    this.root.replaceChildren();
    const keys = widgetKeys(input, this.field);
    if (input.trials.length === 0) {
      this.root.append(el('p', { color: '#5f6b76', fontSize: '0.875rem' }, input.locale.t('widgets.empty')));
      return;
    }
    let shown = 0;
    for (const key of keys) {
      const values = input.trials.map((tr) => (tr.result[this.field] as Record<string, V>)[key]);
      const first = values.find((v): v is V => Boolean(v));
      if (!first) continue;
      shown++;
      const block = el('section', { marginBottom: '6px' });
      block.dataset.key = key;
      block.append(blockTitle(this.title(first, key, input)));
      input.trials.forEach((tr, i) => {
        const row = trialRow(tr.color, tr.dash, tr.label);
        row.style.gridTemplateColumns = 'minmax(90px, 1.2fr) minmax(120px, 3fr)';
        row.append(el('span', { fontVariantNumeric: 'tabular-nums' }, this.text(values[i], input)));
        block.append(row);
      });
      this.root.append(block);
    }
    if (shown === 0)
      this.root.append(el('p', { color: '#5f6b76', fontSize: '0.875rem' }, input.locale.t('widgets.none')));
  }

  dispose(): void {
    this.root.replaceChildren();
  }
}

/** Ranges (range of motion …): the value with its min and max. */
export class AmplitudesWidget extends ValueListWidget<AnalysisAmplitude> {
  protected field = 'amplitudes' as const;
  protected title(a: AnalysisAmplitude, key: string, { locale }: WidgetInput) {
    return `${locale.label('amplitudes', key, a.label)}${a.units ? ` (${a.units})` : ''}`;
  }
  protected text(a: AnalysisAmplitude | undefined, { locale }: WidgetInput) {
    if (!a) return locale.t('widgets.noValue');
    return `${locale.number(a.value, 1)} ${a.units}  (${locale.t('widgets.range', {
      min: locale.number(a.min, 1),
      max: locale.number(a.max, 1),
    })})`;
  }
}

/** Values ± SD over repetitions (squat analysis values). */
export class ScalarValuesWidget extends ValueListWidget<AnalysisScalarValue> {
  protected field = 'scalar_values' as const;
  protected title(v: AnalysisScalarValue, key: string, { locale }: WidgetInput) {
    return `${locale.label('scalar_values', key, v.label)}${v.units ? ` (${v.units})` : ''}`;
  }
  protected text(v: AnalysisScalarValue | undefined, { locale }: WidgetInput) {
    if (!v || v.value === null) return locale.t('widgets.noValue');
    const sd = v.sd !== null ? ` ± ${locale.number(v.sd, v.decimals)}` : '';
    return `${locale.number(v.value, v.decimals)}${sd} ${v.units}`;
  }
}

/** The results' info texts (one per distinct text, named by trial when they differ). */
export class InfoTextWidget implements DashboardWidgetView {
  constructor(private readonly root: HTMLElement) {}

  update({ trials, locale }: WidgetInput): void {
    this.root.replaceChildren();
    const texts = new Map<string, string[]>();
    for (const tr of trials) {
      const text = tr.result.info_text.trim();
      if (text) texts.set(text, [...(texts.get(text) ?? []), tr.label]);
    }
    if (texts.size === 0) {
      this.root.append(el('p', { color: '#5f6b76', fontSize: '0.875rem' }, locale.t('widgets.empty')));
      return;
    }
    for (const [text, labels] of texts) {
      const p = el('p', { fontSize: '0.875rem', margin: '4px 0 8px' });
      if (texts.size > 1) p.append(el('strong', {}, `${labels.join(', ')}: `));
      p.append(document.createTextNode(text));
      this.root.append(p);
    }
  }

  dispose(): void {
    this.root.replaceChildren();
  }
}
