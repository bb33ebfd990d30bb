-- Reference data: the issue types and their triage questions (issue 4). Questions are data so
-- that practices and clinicians can change them without a code change; a change to this set
-- is a new migration. Ids are fixed so that answers and signposting rules can name them.
INSERT INTO "issue_types" ("id", "code", "name", "hint", "kind", "position") VALUES
  (1, 'new_problem', 'A new medical problem', 'Something that has started recently, or that you have not asked us about before', 'clinical', 1),
  (2, 'ongoing_problem', 'An ongoing medical problem', 'A condition you already have, or a problem we are already helping you with', 'clinical', 2),
  (3, 'medication', 'A question about your medicines', 'Side effects, or how to take a medicine. To order a repeat prescription, use Prescriptions', 'clinical', 3),
  (4, 'administrative', 'An admin request', 'For example a fit note, a letter, test results or an update on a referral', 'admin', 4);
--> statement-breakpoint
-- Page 0 of every clinical type is the emergency screen.
INSERT INTO "questions" ("id", "issue_type_id", "page", "position", "text", "hint", "kind", "required", "max_length", "min_value", "max_value", "options", "emergency_values", "allows_attachments") VALUES
  (1, 1, 0, 1, 'Do you have any of these symptoms now?', 'Select all that apply.', 'multiple_choice', true, NULL, NULL, NULL,
    '[{"value":"chest_pain","label":"Chest pain or pressure, or pain that spreads to your arms, back, neck or jaw"},{"value":"breathing","label":"Severe difficulty breathing, or choking"},{"value":"stroke","label":"Face drooping, weakness in an arm or leg, or difficulty speaking"},{"value":"bleeding","label":"Heavy bleeding that will not stop"},{"value":"unconscious","label":"Fainting, a seizure (fit), or being hard to wake"},{"value":"self_harm","label":"Thoughts of ending your life, or of harming yourself or someone else"},{"value":"none","label":"None of these"}]',
    '["chest_pain","breathing","stroke","bleeding","unconscious","self_harm"]', false),
  (2, 1, 1, 1, 'What is the problem?', 'Describe your symptoms in your own words.', 'free_text', true, 1000, NULL, NULL, NULL, NULL, false),
  (3, 1, 2, 1, 'When did it start?', 'For example, 15 3 2026. If you are not sure, give your best guess.', 'date', true, NULL, NULL, NULL, NULL, NULL, false),
  (4, 1, 2, 2, 'Is it getting worse?', NULL, 'yes_no', true, NULL, NULL, NULL, NULL, NULL, false),
  (5, 1, 2, 3, 'How bad is it, from 1 (mild) to 10 (the worst you can imagine)?', NULL, 'number', true, NULL, 1, 10, NULL, NULL, false),
  (6, 1, 3, 1, 'Is it one of these?', 'A pharmacist can often help with these straight away, without an appointment.', 'single_choice', true, NULL, NULL, NULL,
    '[{"value":"sore_throat","label":"Sore throat"},{"value":"earache","label":"Earache"},{"value":"sinusitis","label":"Sinus pain or a blocked nose"},{"value":"insect_bite","label":"An infected insect bite"},{"value":"uti","label":"Pain when peeing (women aged 16 to 64)"},{"value":"none","label":"None of these"}]',
    NULL, false),
  (7, 1, 4, 1, 'Is there anything else you want to tell us?', 'You can also add up to 5 photos or documents.', 'free_text', false, 1000, NULL, NULL, NULL, NULL, true),

  (11, 2, 0, 1, 'Do you have any of these symptoms now?', 'Select all that apply.', 'multiple_choice', true, NULL, NULL, NULL,
    '[{"value":"chest_pain","label":"Chest pain or pressure, or pain that spreads to your arms, back, neck or jaw"},{"value":"breathing","label":"Severe difficulty breathing, or choking"},{"value":"stroke","label":"Face drooping, weakness in an arm or leg, or difficulty speaking"},{"value":"bleeding","label":"Heavy bleeding that will not stop"},{"value":"unconscious","label":"Fainting, a seizure (fit), or being hard to wake"},{"value":"self_harm","label":"Thoughts of ending your life, or of harming yourself or someone else"},{"value":"none","label":"None of these"}]',
    '["chest_pain","breathing","stroke","bleeding","unconscious","self_harm"]', false),
  (12, 2, 1, 1, 'Which condition or problem is this about?', NULL, 'free_text', true, 200, NULL, NULL, NULL, NULL, false),
  (13, 2, 2, 1, 'What has changed, or what do you need from us?', NULL, 'free_text', true, 1000, NULL, NULL, NULL, NULL, false),
  (14, 2, 2, 2, 'Has someone from the practice seen you about this before?', NULL, 'yes_no', true, NULL, NULL, NULL, NULL, NULL, false),
  (15, 2, 3, 1, 'Is there anything else you want to tell us?', 'You can also add up to 5 photos or documents.', 'free_text', false, 1000, NULL, NULL, NULL, NULL, true),

  (21, 3, 0, 1, 'Do you have any of these symptoms now?', 'Select all that apply.', 'multiple_choice', true, NULL, NULL, NULL,
    '[{"value":"chest_pain","label":"Chest pain or pressure, or pain that spreads to your arms, back, neck or jaw"},{"value":"breathing","label":"Severe difficulty breathing, or choking"},{"value":"stroke","label":"Face drooping, weakness in an arm or leg, or difficulty speaking"},{"value":"bleeding","label":"Heavy bleeding that will not stop"},{"value":"unconscious","label":"Fainting, a seizure (fit), or being hard to wake"},{"value":"self_harm","label":"Thoughts of ending your life, or of harming yourself or someone else"},{"value":"none","label":"None of these"}]',
    '["chest_pain","breathing","stroke","bleeding","unconscious","self_harm"]', false),
  (22, 3, 1, 1, 'Which medicine is this about?', 'The name on the box or the prescription, if you have it.', 'free_text', true, 200, NULL, NULL, NULL, NULL, false),
  (23, 3, 2, 1, 'What is your question about?', NULL, 'single_choice', true, NULL, NULL, NULL,
    '[{"value":"side_effects","label":"I think I have side effects"},{"value":"not_working","label":"It is not working for me"},{"value":"how_to_take","label":"How or when to take it"},{"value":"other","label":"Something else"}]',
    NULL, false),
  (24, 3, 2, 2, 'Tell us more', NULL, 'free_text', true, 1000, NULL, NULL, NULL, NULL, false),
  (25, 3, 3, 1, 'Is there anything else you want to tell us?', 'You can also add up to 5 photos or documents.', 'free_text', false, 1000, NULL, NULL, NULL, NULL, true),

  (31, 4, 1, 1, 'What do you need?', NULL, 'single_choice', true, NULL, NULL, NULL,
    '[{"value":"fit_note","label":"A fit note (sick note)"},{"value":"letter","label":"A letter, for example for work, school or housing"},{"value":"test_results","label":"Test results"},{"value":"referral","label":"An update on a referral"},{"value":"form","label":"A form to be filled in, for example for insurance or the DVLA"},{"value":"other","label":"Something else"}]',
    NULL, false),
  (32, 4, 2, 1, 'Tell us more', 'For a fit note, give the dates and the reason. For test results, say which test and when it was done.', 'free_text', true, 1000, NULL, NULL, NULL, NULL, false),
  (33, 4, 3, 1, 'Is there anything else you want to tell us?', 'You can also add up to 5 photos or documents, such as a letter from your employer.', 'free_text', false, 1000, NULL, NULL, NULL, NULL, true);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('questions', 'id'), 1000);
--> statement-breakpoint
-- Pharmacy First conditions: a community pharmacist can assess and treat these without an appointment.
INSERT INTO "signposting_rules" ("question_id", "match_value", "title", "advice", "service_name", "service_url") VALUES
  (6, 'sore_throat', 'A pharmacist can help with a sore throat', 'Most sore throats get better in a week. A pharmacist can check your symptoms and, if you need it, give you treatment without a GP appointment.', 'Find a pharmacy', 'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy'),
  (6, 'earache', 'A pharmacist can help with earache', 'A pharmacist can look in your ear, advise you and, for children aged 1 to 17, give treatment for an ear infection without a GP appointment.', 'Find a pharmacy', 'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy'),
  (6, 'sinusitis', 'A pharmacist can help with sinus pain', 'Sinusitis usually clears up within 2 to 3 weeks. A pharmacist can advise you and, if you need it, give you treatment without a GP appointment.', 'Find a pharmacy', 'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy'),
  (6, 'insect_bite', 'A pharmacist can help with an infected insect bite', 'A pharmacist can check the bite and give you treatment if it is infected, without a GP appointment.', 'Find a pharmacy', 'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy'),
  (6, 'uti', 'A pharmacist can help with pain when peeing', 'If you are a woman aged 16 to 64, a pharmacist can check for a urinary tract infection and give you treatment without a GP appointment.', 'Find a pharmacy', 'https://www.nhs.uk/service-search/pharmacy/find-a-pharmacy');
