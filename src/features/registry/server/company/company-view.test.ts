import { describe, expect, it } from 'vitest';
import { ntaRow } from '../../testing';
import { toRecordView } from './company-view';

describe('toRecordView: the English address', () => {
  it('puts street and city first and the prefecture last (English order, domain.md §1 columns 26–27)', () => {
    const view = toRecordView(
      ntaRow({ enName: 'Sony Group Corporation', enPrefectureName: 'Tokyo', enCityName: '1-7-1 Konan, Minato ku' }),
    );
    expect(view.enName).toBe('Sony Group Corporation');
    expect(view.enAddress).toBe('1-7-1 Konan, Minato ku, Tokyo');
  });

  it('uses the English address abroad when there is no domestic one, and null when there is none', () => {
    const abroad = ntaRow({ prefectureName: null, cityName: null, enAddressOutside: '1 Main Street, Springfield, USA' });
    expect(toRecordView(abroad).enAddress).toBe('1 Main Street, Springfield, USA');
    expect(toRecordView(ntaRow()).enAddress).toBeNull();
    expect(toRecordView(ntaRow({ enPrefectureName: 'Tottori' })).enAddress).toBe('Tottori');
  });
});
