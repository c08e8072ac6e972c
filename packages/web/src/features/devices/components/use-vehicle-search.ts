import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVehicleOptions } from '../api/get-vehicle-options.js';

/**
 * A select of the caller's vehicles searched by plate on the server as the user types: the vehicles found, and the
 * select's search props (`nothingFound` once a search found none).
 */
export function useVehicleSearch(nothingFound: string) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDeferredValue(keyword.trim());
  const { data, isFetching } = useVehicleOptions(search, true);
  return {
    vehicles: data ?? [],
    searchProps: {
      loading: isFetching,
      showSearch: { filterOption: false, onSearch: setKeyword },
      onOpenChange: (open: boolean) => !open && setKeyword(''),
      notFoundContent: isFetching ? t('common.loading') : nothingFound,
    },
  };
}
