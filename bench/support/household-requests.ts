// The labelled household requests of the tool-selection bench: how families type, and the tool each one needs.

/** One request: what was typed, the session scope, and the tool a good answer needs ("none": plain talk). */
export interface LabelledRequest {
  request: string;
  scope: 'general' | 'finance' | 'planning' | 'calendar' | 'system' | 'concierge';
  tool: string;
}

// [request, scope, tool]: short, misspelt, mixed languages, as they arrive from phones
const rows: Array<[string, LabelledRequest['scope'], string]> = [
  // memory_save
  ['my sister is vegan now, remember that', 'general', 'memory_save'],
  ['pls rember leo hates mushrooms', 'general', 'memory_save'],
  ['our car is a blue skoda octavia, keep that in mind', 'general', 'memory_save'],
  ['note that the bins go out on wednesdays', 'general', 'memory_save'],
  ['Merk dir dass Lena Laktose nicht verträgt', 'general', 'memory_save'],
  ['souviens-toi que papa est allergique aux noix', 'general', 'memory_save'],
  // memory_recall
  ['wat did i say about the alarm code', 'general', 'memory_recall'],
  ['do u remember which school Ben goes to', 'general', 'memory_recall'],
  ['what do you know about grandma', 'planning', 'memory_recall'],
  ['what was the name of the plumber we liked', 'general', 'memory_recall'],
  ['te acuerdas de la talla de zapatos de Sofía', 'general', 'memory_recall'],
  // calendar_query_events
  ['whats on today', 'general', 'calendar_query_events'],
  ['anything in the calender this weekend?', 'general', 'calendar_query_events'],
  ['are we free on the 14th', 'general', 'calendar_query_events'],
  ['what do we have next week', 'calendar', 'calendar_query_events'],
  ['when is the school play', 'general', 'calendar_query_events'],
  ['hab ich morgen termine', 'general', 'calendar_query_events'],
  ['qu’est-ce qu’on a ce weekend dans le calendrier', 'planning', 'calendar_query_events'],
  ['show me moms calendar for friday', 'general', 'calendar_query_events'],
  // calendar_add_event
  ['dentist thursday 10am for Mia', 'general', 'calendar_add_event'],
  ['put swimming lessons on saturday at 9 in the calendar', 'general', 'calendar_add_event'],
  ['add an event: bbq at the Millers sunday 4pm', 'general', 'calendar_add_event'],
  ['book the car service for monday morning', 'planning', 'calendar_add_event'],
  ['new appointment hairdresser 15 june 2pm', 'calendar', 'calendar_add_event'],
  ['vet apointment for the cat tuesday at 6', 'general', 'calendar_add_event'],
  ['Trag bitte Fussballtraining Dienstag 17 Uhr in den Kalender ein', 'general', 'calendar_add_event'],
  ['ajoute rendez-vous médecin vendredi 11h au calendrier', 'general', 'calendar_add_event'],
  // calendar_update_event
  ['move the vet to wednesday', 'general', 'calendar_update_event'],
  ['the bbq is now at 5 not 4, change it', 'general', 'calendar_update_event'],
  ['reschedule mias dentist to next month', 'planning', 'calendar_update_event'],
  ['push the car service back an hour', 'calendar', 'calendar_update_event'],
  ['verschieb den Friseur auf Freitag', 'general', 'calendar_update_event'],
  ['rename the event "party" to "Leo birthday party"', 'general', 'calendar_update_event'],
  // calendar_delete_event
  ['cancel swimming on saturday, pool is closed', 'general', 'calendar_delete_event'],
  ['delete the hairdresser apointment', 'general', 'calendar_delete_event'],
  ['take the bbq out of the calendar', 'planning', 'calendar_delete_event'],
  ['remove the vet event', 'calendar', 'calendar_delete_event'],
  ['annule le rendez-vous du médecin', 'general', 'calendar_delete_event'],
  // calendar_create_task
  ['to do: book summer holiday by end of march', 'general', 'calendar_create_task'],
  ['add a task call the bank about the mortgage', 'general', 'calendar_create_task'],
  ['new todo for me: replace the smoke alarm battery', 'general', 'calendar_create_task'],
  ['i must renew the car insurence before july, make it a todo', 'planning', 'calendar_create_task'],
  ['Aufgabe: Kindergeld Antrag bis Freitag', 'general', 'calendar_create_task'],
  ['tarea: llamar al fontanero mañana', 'calendar', 'calendar_create_task'],
  // calendar_complete_task
  ['done with the smoke alarm battery', 'general', 'calendar_complete_task'],
  ['mark the mortgage call task as done', 'general', 'calendar_complete_task'],
  ['holiday is booked, tick that todo off', 'planning', 'calendar_complete_task'],
  ['finished the task about the insurance', 'general', 'calendar_complete_task'],
  ['Aufgabe Kindergeld erledigt', 'general', 'calendar_complete_task'],
  // list_add_items
  ['we are out of toilet paper', 'general', 'list_add_items'],
  ['add bananas, oat milk and coffee to shopping', 'general', 'list_add_items'],
  ['put nappies on the shoping list', 'general', 'list_add_items'],
  ['need dishwasher tabs', 'general', 'list_add_items'],
  ['add sunscreen to the holiday packing list', 'planning', 'list_add_items'],
  ['Butter und Käse auf die Liste bitte', 'general', 'list_add_items'],
  ['ajoute du pain et des oeufs à la liste de courses', 'general', 'list_add_items'],
  ['apunta tomates en la lista de la compra', 'general', 'list_add_items'],
  ['melk en brood op de boodschappenlijst', 'general', 'list_add_items'],
  // list_check_items
  ['bought the bananas and coffee', 'general', 'list_check_items'],
  ['got toilet paper', 'general', 'list_check_items'],
  ['cross nappies off the list', 'general', 'list_check_items'],
  ['sunscreen is packed, check it off', 'planning', 'list_check_items'],
  ['hab Butter gekauft, abhaken', 'general', 'list_check_items'],
  ["j'ai acheté le pain, coche-le", 'general', 'list_check_items'],
  // list_show
  ['shopping list?', 'general', 'list_show'],
  ['what do we still need to buy', 'general', 'list_show'],
  ['read me the packing list', 'planning', 'list_show'],
  ['whats on the list', 'general', 'list_show'],
  ['was steht auf der Einkaufsliste', 'general', 'list_show'],
  ["qu'est-ce qu'il y a sur la liste", 'general', 'list_show'],
  ['show the list incl. the things we already got', 'calendar', 'list_show'],
  // calendar_find_free_time
  ['when do Tom and I both have 2 hours free next week', 'planning', 'calendar_find_free_time'],
  ['find a free evening for a date night', 'planning', 'calendar_find_free_time'],
  ['is there a gap on friday for a 1h call', 'calendar', 'calendar_find_free_time'],
  ['when could we all go to grandma for a day this month', 'planning', 'calendar_find_free_time'],
  ['wann haben wir alle nächste Woche Zeit', 'planning', 'calendar_find_free_time'],
  // reminder_set
  ['remind me at 6 to pick up Leo', 'general', 'reminder_set'],
  ['remindme in 10 min to turn off the oven', 'general', 'reminder_set'],
  ['every sunday at 7pm remind me to put out the recycling', 'general', 'reminder_set'],
  ['remind Tom tomorrow morning about the parcel', 'general', 'reminder_set'],
  ['dont let me forget the pills at 9', 'general', 'reminder_set'],
  ['rappelle-moi demain à 8h d’appeler le garage', 'general', 'reminder_set'],
  ['Erinner mich in einer Stunde an die Wäsche', 'general', 'reminder_set'],
  ['recuérdame el viernes pagar el alquiler', 'calendar', 'reminder_set'],
  ['reminder for the school trip money on monday', 'planning', 'reminder_set'],
  // reminder_list
  ['what reminders have i got', 'general', 'reminder_list'],
  ['any reminders set for tomorow?', 'general', 'reminder_list'],
  ['list the reminders I set for Tom', 'general', 'reminder_list'],
  ['welche Erinnerungen habe ich', 'general', 'reminder_list'],
  ['show my remiders', 'planning', 'reminder_list'],
  // reminder_cancel
  ['cancel the recycling reminder', 'general', 'reminder_cancel'],
  ['stop the pill reminder, doctor changed it', 'general', 'reminder_cancel'],
  ['dont remind me about the parcel anymore', 'general', 'reminder_cancel'],
  ['lösch die Erinnerung für die Wäsche', 'general', 'reminder_cancel'],
  ['delete the reminder for the rent', 'calendar', 'reminder_cancel'],
  // system_get_health
  ['is quorra ok?', 'general', 'system_get_health'],
  ['how is the system doing', 'system', 'system_get_health'],
  ['something feels slow, are you healthy', 'general', 'system_get_health'],
  ['health status please', 'system', 'system_get_health'],
  ['est-ce que le système va bien', 'general', 'system_get_health'],
  // diagnostics_run_check
  ['check the backups now', 'system', 'diagnostics_run_check'],
  ['is the homeserver reachable? run a check', 'system', 'diagnostics_run_check'],
  ['run the disk check', 'general', 'diagnostics_run_check'],
  ['test if the caldav connection works', 'system', 'diagnostics_run_check'],
  ['prüf mal die Datenbank', 'system', 'diagnostics_run_check'],
  // diagnostics_prune_backups
  ['disk almost full, get rid of old backups', 'system', 'diagnostics_prune_backups'],
  ['prune the backups', 'system', 'diagnostics_prune_backups'],
  ['free some space by deleting old backup archives', 'general', 'diagnostics_prune_backups'],
  ['alte Backups löschen bitte', 'system', 'diagnostics_prune_backups'],
  // search_knowledge
  ['how do i descale the coffee machine', 'general', 'search_knowledge'],
  ['whats the code for the garage door in our notes', 'general', 'search_knowledge'],
  ['find grandmas lasagne recipe', 'general', 'search_knowledge'],
  ['how does the heat pump timer work, check the manual', 'general', 'search_knowledge'],
  ['where did we write the babysitter instructions', 'general', 'search_knowledge'],
  ['wie entkalke ich den Wasserkocher', 'general', 'search_knowledge'],
  ['is there a guide for the sauna?', 'concierge', 'search_knowledge'],
  ['what is the wifi password', 'concierge', 'search_knowledge'],
  // document_create
  ['make a document with the rules for the kids tablet time', 'general', 'document_create'],
  ['create a new doc: emergency contacts', 'general', 'document_create'],
  ['write a guest guide for the cabin as a new document', 'general', 'document_create'],
  ['save our pancake recipe as a document', 'general', 'document_create'],
  // document_overwrite
  ['replace the emergency contacts document with this new version', 'general', 'document_overwrite'],
  ['update the tablet rules doc, bedtime is 8 now', 'general', 'document_overwrite'],
  ['overwrite the cabin guest guide', 'general', 'document_overwrite'],
  // finance_query
  ['how much did we spend on food in march', 'finance', 'finance_query'],
  ['whats left in the budget this month', 'finance', 'finance_query'],
  ['bank balance?', 'finance', 'finance_query'],
  ['show me last weeks transactions', 'finance', 'finance_query'],
  ['wieviel haben wir für Tanken ausgegeben', 'finance', 'finance_query'],
  ['combien on a dépensé au restaurant', 'finance', 'finance_query'],
  // finance_log_transaction
  ['spent 23,40 at lidl', 'finance', 'finance_log_transaction'],
  ['paid the babysitter 35', 'finance', 'finance_log_transaction'],
  ['i got 120 back from the tax office', 'finance', 'finance_log_transaction'],
  ['14.99 netflix', 'finance', 'finance_log_transaction'],
  ['50€ Tanken heute', 'finance', 'finance_log_transaction'],
  // finance_set_budget
  ['set 250 for kids clothes next month', 'finance', 'finance_set_budget'],
  ['groceries budget 600 for april', 'finance', 'finance_set_budget'],
  ['lower the eating out budget to 80', 'finance', 'finance_set_budget'],
  ['Budget für Urlaub auf 1000 setzen', 'finance', 'finance_set_budget'],
  // finance_categorize
  ['the lidl one is groceries and the shell one is car', 'finance', 'finance_categorize'],
  ['categorize those as household', 'finance', 'finance_categorize'],
  ['all of them are reviewed, looks right', 'finance', 'finance_categorize'],
  ['put the netflix payment under subscriptions', 'finance', 'finance_categorize'],
  // finance_delete_transaction
  ['the babysitter payment was logged twice, delete one', 'finance', 'finance_delete_transaction'],
  ['remove the 14.99 transaction', 'finance', 'finance_delete_transaction'],
  ['that expense was wrong, delete it', 'finance', 'finance_delete_transaction'],
  ['lösch die Buchung von gestern', 'finance', 'finance_delete_transaction'],
  // check_this_booking (a guest)
  ['what time can we check in', 'concierge', 'check_this_booking'],
  ['until when is my booking', 'concierge', 'check_this_booking'],
  ['is our reservation for 2 or 3 nights', 'concierge', 'check_this_booking'],
  ['à quelle heure est le check-out', 'concierge', 'check_this_booking'],
  // escalate_to_owner (a guest)
  ['the shower is leaking, can someone come', 'concierge', 'escalate_to_owner'],
  ['I want to speak to the host', 'concierge', 'escalate_to_owner'],
  ['can we stay one more night? ask the owner', 'concierge', 'escalate_to_owner'],
  ['we lost the key', 'concierge', 'escalate_to_owner'],
  // none: plain talk
  ['hi', 'general', 'none'],
  ['thanks!!', 'general', 'none'],
  ['good morning quorra', 'general', 'none'],
  ['tell me a joke', 'general', 'none'],
  ['how do you say thank you in italian', 'general', 'none'],
  ['what is 15% of 80', 'general', 'none'],
  ['ok cool', 'planning', 'none'],
  ['danke dir', 'general', 'none'],
  ['merci beaucoup', 'finance', 'none'],
  ['write a short birthday poem for grandpa', 'general', 'none'],
  ['hello, is anyone there?', 'concierge', 'none'],
  ['what can you do', 'general', 'none'],
];

export const LABELLED_REQUESTS: LabelledRequest[] = rows.map(([request, scope, tool]) => ({
  request,
  scope,
  tool,
}));
