import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '../../engine/messages';
import type { CompanyOption, SectorOption } from './types';

interface FilterBarProps {
  /** Companies offered; null while loading; undefined hides the company filter. */
  companies?: CompanyOption[] | null;
  company: CompanyOption | null;
  onCompanyChange(company: CompanyOption | null): void;
  /** Sectors offered; undefined hides the sector filter. */
  sectors?: SectorOption[];
  /** Id of the chosen sector as a string; '' for every sector. */
  sectorId: string;
  onSectorChange(sectorId: string): void;
  /** The sector filter waits for a company. */
  sectorDisabled: boolean;
}

/** The dashboard's filters: company (searchable) and sector ('Todos os setores' by default). */
export function FilterBar(props: FilterBarProps) {
  const { companies, company, onCompanyChange, sectors, sectorId, onSectorChange, sectorDisabled } = props;
  return (
    <Box component="section" aria-labelledby="dashboard-filters" sx={{ mb: 2 }}>
      <Typography id="dashboard-filters" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {messages.dashboard.filters}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {companies !== undefined && (
          <Autocomplete
            id="dashboard-company"
            options={companies ?? []}
            loading={companies === null}
            value={company}
            onChange={(_event, value) => onCompanyChange(value)}
            getOptionLabel={(option) => option.commercial_name}
            isOptionEqualToValue={(option, value) => String(option.id) === String(value.id)}
            sx={{ width: { xs: '100%', sm: 320 } }}
            renderInput={(params) => <TextField {...params} label={messages.dashboard.company} />}
          />
        )}
        {sectors !== undefined && (
          <TextField
            id="dashboard-sector"
            select
            label={messages.dashboard.sector}
            value={sectorId}
            disabled={sectorDisabled}
            onChange={(event) => onSectorChange(event.target.value)}
            sx={{ width: { xs: '100%', sm: 260 } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{messages.dashboard.allSectors}</MenuItem>
            {sectors.map((sector) => (
              <MenuItem key={String(sector.id)} value={String(sector.id)}>
                {sector.sector_name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
    </Box>
  );
}
